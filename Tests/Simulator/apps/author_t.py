"""Apps by author-t: chess, cameras, exchange.

chess: an online chess app: the user plays timed games against others: both clocks tick (10 Hz display
update of the running clock), the opponent's moves arrive from the server, the user drags pieces (drag
positions stream while dragging, then a move is made), premoves, the engine evaluation streams depth
updates during analysis, chat messages from the opponent, a lobby of open games is pushed and updated per
game, puzzles between games, game over with rating change.

cameras: a home-security camera app: a grid of live camera tiles whose thumbnails refresh every few seconds
per camera, motion events are pushed per camera at irregular times, the user opens a live view (stream
stats like bitrate/fps report each second), pans/tilts a camera with a drag (PTZ commands stream), scrubs
the recorded timeline, arms/disarms the system, two-way talk (hold to talk, audio levels stream), clips
download with progress, camera connectivity status changes now and then.

exchange: a crypto exchange app: the order book for the selected market updates by price level many times a
second (inserts, removals, size changes), recent trades stream in, the ticker list of all markets updates
per market, the user switches markets, types order price and amount (text bindings with validation), places
and cancels orders (server acknowledgments and fills pushed later, sometimes partial), the portfolio value
is recomputed on each price move, a candle chart loads history and appends a candle every minute, a session
keep-alive ping runs every 30 s.
"""

import tcasim
from tcasim import (App, A, Struct, Raw, q, noise, signal, either, V, St, Arr, Dic, En, NIL, num, text, boolean)

import math

AUTHOR = "author-t"


def fl(x, nd=2):
    return Raw(repr(round(x, nd)))


def pt(x, y):
    return Struct("CGPoint", [("x", fl(x, 1)), ("y", fl(y, 1))])


def spt(x, y):
    return St("CGPoint", [("x", num(round(x, 1))), ("y", num(round(y, 1)))])


class Base(App):
    def presented(self, case, inner):
        """`.destination(.presented(.case(inner)))`."""
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented",
                                         A(self.at("Destination"), case, inner)))

    def dismissed(self):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    def ecase(self, name, enum_type):
        return self.case(name, enum_type)


# =============================================================================== chess

FILES = "abcdefgh"
OPENING = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
           "c3", "O-O", "h3", "Nb8", "d4", "Nbd7"]
MIDDLE = ["Nbd2", "Bb7", "Bc2", "Re8", "Nf1", "Bf8", "Ng3", "g6", "a4", "c5", "d5", "c4", "Bg5", "h6",
          "Be3", "Nc5", "Qd2", "Kh7", "Rf1", "Qc7", "Nh2", "Rab8", "f4", "exf4", "Bxf4", "Nfd7", "Qe2",
          "Bg7", "Rf2", "Ne5", "Raf1", "f6", "Ng4", "Bxg4", "hxg4", "Qe7", "g5", "fxg5", "Bxg5", "Qd7",
          "Rxf8", "Rxf8", "Rxf8", "Bxf8", "Qf2", "Bg7", "Qf7", "Qxf7", "Nxf7", "Kg8", "Nxd6", "Nd3"]
CHAT_IN = ["hi", "gl hf", "good luck!", "nice move", "oops", "wow", "lag...", "gg", "thanks", "rematch?",
           "sorry, mouse slip", "hello from Brazil"]
CHAT_OUT = ["gl", "hf", "gg wp", "thx", "yes", "one more?"]
OPPONENTS = [("magnus_fan_99", 1712), ("KnightRider", 1655), ("zugzwang_z", 1804), ("pawnstorm", 1590),
             ("elena_k", 1748), ("BlitzBaron", 1689), ("quiet_move", 1731), ("h4_enjoyer", 1622)]
PUZZLE_THEMES = ["fork", "pin", "backRankMate", "discoveredAttack", "skewer", "deflection", "mateIn2"]


def square(rng):
    return rng.choice(FILES) + str(rng.randint(1, 8))


def square_xy(sq):
    return ((FILES.index(sq[0]) + 0.5) * 46.875, (8 - int(sq[1]) + 0.5) * 46.875)


class Chess(Base):
    """Online blitz chess: a lobby, timed games, analysis with an engine and puzzles.

    noise   game.clockTicked (10 Hz while a game runs), game.board.dragChanged and
            puzzle.board.dragChanged (a dragged piece, 60 Hz), game.lagMeasured (every 2 s),
            lobby.statsUpdated (every 3 s), lobby.liveGames.element.positionUpdated (TV games, per
            game), destination.presented.analysis.engineUpdate (the engine's depth stream)
    either  game.board.moveAnimationFinished (a fixed-delay echo of each move),
            game.chat.binding.set (the chat draft, a keystroke each)
    signal  lobby taps and delegate, seeks added/removed, moves dropped and received, premoves,
            move acks, chat messages, game end, rating change, analysis steps, engine result,
            puzzles, tabs"""

    name = "chess"
    module = "ChessApp"
    process = "Chess"

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.rating = rng.randint(1620, 1760)
        self.seek_ids = []
        seeks = []
        for _ in range(rng.randint(5, 9)):
            sid, s = self.new_seek()
            self.seek_ids.append(sid)
            seeks.append(s)
        self.live_ids = [self.gid() for _ in range(rng.randint(4, 6))]
        self.live_moves = {g: rng.randint(4, 40) for g in self.live_ids}
        self.tab = "play"
        self.in_game = False
        self.my_turn = False
        self.color_white = True
        self.ply = 0
        self.premove = None
        self.game_over = False
        self.clocks = [180.0, 180.0]
        self.lobby_open = True
        self.analysis_open = False
        self.engine_gen = 0
        self.puzzle_open = False
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("play", "Tab")),
            ("lobby", St(self.st("Lobby"), [
                ("seeks", Arr(seeks)),
                ("liveGames", Arr(St(self.st("LiveGame"), [("id", text(g)), ("fen", text(self.fen())),
                                                            ("moveCount", num(self.live_moves[g]))])
                                  for g in self.live_ids)),
                ("playersOnline", num(rng.randint(48000, 62000))),
                ("gamesInPlay", num(rng.randint(19000, 26000))),
                ("isJoining", boolean(False))])),
            ("game", NIL),
            ("puzzle", NIL),
            ("destination", NIL),
            ("rating", num(self.rating))])

    # -- values
    def gid(self):
        return "".join(self.rng.choice("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
                       for _ in range(8))

    def fen(self):
        rng = self.rng
        rows = []
        for _ in range(8):
            row, empty = "", 0
            for _ in range(8):
                if rng.random() < 0.7:
                    empty += 1
                else:
                    if empty:
                        row += str(empty)
                        empty = 0
                    row += rng.choice("pppPPPnbrqNBRQ")
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows) + " " + rng.choice("wb")

    def new_seek(self):
        rng = self.rng
        sid = self.gid()
        name, r = rng.choice(OPPONENTS)
        return sid, St(self.st("Seek"), [("id", text(sid)), ("username", text(name)),
                                         ("rating", num(r + rng.randint(-60, 60))),
                                         ("timeControl", text(rng.choice(["3+0", "3+2", "5+0", "5+3", "1+0"])))])

    def lobby(self, inner):
        return self.act("lobby", inner)

    def game(self, inner):
        return self.act("game", inner)

    def board(self, inner):
        return self.game(A(self.at("Game"), "board", inner))

    def analysis(self, inner):
        return self.presented("analysis", inner)

    def puzzle(self, inner):
        return self.act("puzzle", inner)

    def gpath(self, *rest):
        return ("game",) + rest

    def apath(self, *rest):
        return ("destination", ("e", "analysis")) + rest

    # -- noise
    @noise
    def clock_ticked(self):
        if not self.in_game or self.game_over:
            return None
        side = 0 if (self.my_turn == self.color_white) else 1   # 0: white runs
        self.clocks[side] = max(0.0, round(self.clocks[side] - 0.1, 1))
        self.set(self.gpath("whiteClock" if side == 0 else "blackClock"), num(self.clocks[side]))
        return self.game(A(self.at("Game"), "clockTicked"))

    @noise
    def drag_changed(self, where, x, y):
        self.set(self.drag_path(where) + ("location",), spt(x, y))
        inner = A(self.at("Board"), "dragChanged", pt(x, y))
        if where == "game":
            return self.board(inner)
        return self.puzzle(A(self.at("Puzzle"), "board", inner))

    def drag_path(self, where):
        return (where, "board", "drag")

    # reason: a 2 s ping of the game socket; the rounded lag often repeats (a no-op)
    @noise
    def lag_measured(self):
        ms = max(20, int(round(self.rng.gauss(70, 18) / 10.0)) * 10)
        self.set(self.gpath("lagMilliseconds"), num(ms))
        return self.game(A(self.at("Game"), "lagMeasured", milliseconds=Raw(str(ms))))

    # reason: the lobby's counters pushed every 3 s, nudged up and down
    @noise
    def stats_updated(self):
        online = int(self.get(("lobby", "playersOnline")).cd) + self.rng.randint(-120, 120)
        playing = int(self.get(("lobby", "gamesInPlay")).cd) + self.rng.randint(-40, 40)
        self.set(("lobby", "playersOnline"), num(online))
        self.set(("lobby", "gamesInPlay"), num(playing))
        return self.lobby(A(self.at("Lobby"), "statsUpdated", Struct("LobbyStats", [
            ("playersOnline", Raw(str(online))), ("gamesInPlay", Raw(str(playing)))])))

    # reason: other people's TV games pushed per game at their players' pace: a position and a count
    # that goes up, independent of the person
    @noise
    def live_position(self, g):
        i = self.live_ids.index(g)
        self.live_moves[g] += 1
        f = self.fen()
        self.set(("lobby", "liveGames", ("i", i), "fen"), text(f))
        self.set(("lobby", "liveGames", ("i", i), "moveCount"), num(self.live_moves[g]))
        return self.lobby(A(self.at("Lobby"), "liveGames", self.element("LiveGame", q(g), A(
            self.at("LiveGame"), "positionUpdated", Struct("Position", [("fen", q(f)),
                                                                      ("moveCount", Raw(str(self.live_moves[g])))])))))

    # reason: the engine's search after each step: depth counts up, the score nudges, the line grows
    # a move at a time, until the search ends
    @noise
    def engine_update(self, depth, score, pv):
        self.set(self.apath("engine", "depth"), num(depth))
        self.set(self.apath("engine", "score"), num(score))
        self.set(self.apath("engine", "principalVariation"), text(pv))
        return self.analysis(A(self.at("Analysis"), "engineUpdate", Struct("EngineInfo", [
            ("depth", Raw(str(depth))), ("score", fl(score)), ("pv", q(pv)),
            ("nodes", Raw(str(int(1500 * 2.1 ** depth))))])))

    # -- either
    # reason: fires a fixed 0.25 s after every move to clear the animation: an echo of a signal
    @either
    def animation_finished(self):
        if self.get(("game",)) is NIL:
            return None
        self.set(self.gpath("board", "animatingMove"), NIL)
        return self.board(A(self.at("Board"), "moveAnimationFinished"))

    # reason: a keystroke per record in the chat field
    @either
    def draft_typed(self, value):
        self.set(self.gpath("chat", "draft"), text(value))
        return self.game(A(self.at("Game"), "chat", self.binding("Chat", "draft", q(value))))

    # -- signal: lobby
    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("tabSelected", A("Tab", tab))

    # reason: someone else's new open game: a new object, though it arrives while the person waits
    @signal
    def seek_added(self):
        sid, s = self.new_seek()
        self.seek_ids.append(sid)
        self.append(("lobby", "seeks"), s)
        return self.lobby(A(self.at("Lobby"), "seekAdded", Struct("Seek", [
            ("id", q(sid)), ("username", q(s.f["username"].df)), ("rating", Raw(s.f["rating"].cd)),
            ("timeControl", Raw(s.f["timeControl"].cd))])))

    # reason: an open game taken or withdrawn: an object leaves the list (sparse, event-shaped)
    @signal
    def seek_removed(self, sid):
        if sid not in self.seek_ids:
            return None
        i = self.seek_ids.index(sid)
        self.seek_ids.pop(i)
        self.remove_at(("lobby", "seeks"), i)
        return self.lobby(A(self.at("Lobby"), "seekRemoved", id=q(sid)))

    @signal
    def seek_tapped(self, sid):
        self.set(("lobby", "isJoining"), boolean(True))
        return self.lobby(A(self.at("Lobby"), "seeks", self.element("Seek", q(sid), A(self.at("Seek"), "tapped"))))

    @signal
    def join_response(self, sid, ok):
        self.set(("lobby", "isJoining"), boolean(False))
        if not ok:
            self.seek_removed_silent(sid)
            return self.lobby(A(self.at("Lobby"), "joinResponse", self.result("GameInfo", False, Struct(
                "LobbyError", [("code", q("seekTaken"))]))))
        return self.lobby(A(self.at("Lobby"), "joinResponse", self.result("GameInfo", True, Struct("GameInfo", [
            ("id", q(self.pending_game)), ("opponent", q(self.opponent[0])),
            ("opponentRating", Raw(str(self.opponent[1]))), ("color", Raw(".white" if self.color_white else ".black")),
            ("clock", Raw("ClockConfig(initial: 180, increment: 2)"))]))))

    def seek_removed_silent(self, sid):
        if sid in self.seek_ids:
            i = self.seek_ids.index(sid)
            self.seek_ids.pop(i)
            self.remove_at(("lobby", "seeks"), i)

    @signal
    def delegate_start(self, gid):
        self.in_game, self.game_over, self.ply, self.premove = True, False, 0, None
        self.clocks = [180.0, 180.0]
        self.my_turn = self.color_white
        self.lobby_open = False
        self.set(("game",), St(self.st("Game"), [
            ("id", text(gid)), ("opponent", text(self.opponent[0])), ("opponentRating", num(self.opponent[1])),
            ("playerColor", self.case("white" if self.color_white else "black", "PieceColor")),
            ("whiteClock", num(180.0)), ("blackClock", num(180.0)),
            ("moves", Arr()), ("turn", self.case("white", "PieceColor")),
            ("board", St(self.st("Board"), [("drag", NIL), ("selectedSquare", NIL), ("premove", NIL),
                                            ("animatingMove", NIL)])),
            ("chat", St(self.st("Chat"), [("messages", Arr()), ("draft", text(""))])),
            ("isOpponentConnected", boolean(True)), ("lagMilliseconds", num(60)),
            ("status", self.case("playing", "GameStatus")), ("ratingChange", NIL)]))
        return self.lobby(A(self.at("Lobby"), "delegate", A(self.at("Lobby") + ".Delegate"
                                                            if self.tca1 else "LobbyAction.Delegate",
                                                            "gameStarted", id=q(gid))))

    # -- signal: game
    @signal
    def drag_started(self, where, sq):
        x, y = square_xy(sq)
        self.set(self.drag_path(where), St("Drag", [("from", text(sq)), ("location", spt(x, y))]))
        inner = A(self.at("Board"), "dragStarted", square=q(sq))
        return self.board(inner) if where == "game" else self.puzzle(A(self.at("Puzzle"), "board", inner))

    @signal
    def piece_dropped(self, where, frm, to, san):
        self.set(self.drag_path(where), NIL)
        inner = A(self.at("Board"), "pieceDropped", **{"from": q(frm), "to": q(to)})
        if where == "puzzle":
            self.append(("puzzle", "moves"), text(san))
            return self.puzzle(A(self.at("Puzzle"), "board", inner))
        self.append(self.gpath("moves"), text(san))
        self.set(self.gpath("board", "animatingMove"), text(frm + to))
        self.flip_turn()
        return self.board(inner)

    @signal
    def square_tapped(self, sq, second):
        self.set(self.gpath("board", "selectedSquare"), NIL if second else text(sq))
        if second:
            self.append(self.gpath("moves"), text(self.san()))
            self.set(self.gpath("board", "animatingMove"), text(sq))
            self.flip_turn()
        return self.board(A(self.at("Board"), "squareTapped", q(sq)))

    @signal
    def premove_set(self, frm, to):
        self.premove = (frm, to)
        self.set(self.gpath("board", "drag"), NIL)
        self.set(self.gpath("board", "premove"), St("Premove", [("from", text(frm)), ("to", text(to))]))
        inner = A(self.at("Board"), "premoveSet", **{"from": q(frm), "to": q(to)})
        return self.board(inner)

    # reason: follows the opponent's move at once, but it is the person's queued move being made
    @signal
    def premove_played(self, legal):
        frm, to = self.premove
        self.premove = None
        self.set(self.gpath("board", "premove"), NIL)
        if legal:
            self.append(self.gpath("moves"), text(self.san()))
            self.set(self.gpath("board", "animatingMove"), text(frm + to))
            self.flip_turn()
            return self.board(A(self.at("Board"), "premovePlayed"))
        return self.board(A(self.at("Board"), "premoveCancelled"))

    def flip_turn(self):
        self.ply += 1
        white = self.ply % 2 == 0
        self.set(self.gpath("turn"), self.case("white" if white else "black", "PieceColor"))
        self.my_turn = white == self.color_white

    def san(self):
        return OPENING[self.ply] if self.ply < len(OPENING) else self.rng.choice(MIDDLE)

    @signal
    def move_ack(self, ok):
        if self.get(("game",)) is NIL:
            return None
        # the server's clocks, with the increment
        side = 0 if self.color_white else 1
        if ok:
            self.clocks[side] = round(self.clocks[side] + 2.0, 1)
            self.set(self.gpath("whiteClock" if side == 0 else "blackClock"), num(self.clocks[side]))
        return self.game(A(self.at("Game"), "moveResponse", self.result("MoveAck", ok, Struct(
            "MoveAck", [("ply", Raw(str(self.ply))), ("whiteClock", fl(self.clocks[0], 1)),
                        ("blackClock", fl(self.clocks[1], 1))]) if ok else Struct(
            "SocketError", [("code", q("timeout"))]))))

    # reason: arrives from the server whenever the opponent plays: an event the game turns on
    @signal
    def opponent_moved(self):
        if not self.in_game or self.game_over:
            return None
        san = self.san()
        side = 1 if self.color_white else 0
        self.clocks[side] = round(self.clocks[side] + 2.0, 1)
        self.append(self.gpath("moves"), text(san))
        self.set(self.gpath("board", "animatingMove"), text(san))
        self.set(self.gpath("whiteClock" if side == 0 else "blackClock"), num(self.clocks[side]))
        self.flip_turn()
        return self.game(A(self.at("Game"), "opponentMoved", Struct("Move", [
            ("san", q(san)), ("ply", Raw(str(self.ply))), ("clock", fl(self.clocks[side], 1))])))

    # reason: a message from the opponent: a new object, at no rhythm
    @signal
    def chat_received(self, msg):
        self.append(self.gpath("chat", "messages"), St("ChatMessage", [("author", text(self.opponent[0])),
                                                                       ("text", text(msg))]))
        return self.game(A(self.at("Game"), "chat", A(self.at("Chat"), "messageReceived", Struct(
            "ChatMessage", [("author", q(self.opponent[0])), ("text", q(msg))]))))

    @signal
    def chat_sent(self, msg):
        self.set(self.gpath("chat", "draft"), text(""))
        self.append(self.gpath("chat", "messages"), St("ChatMessage", [("author", text("me")), ("text", text(msg))]))
        return self.game(A(self.at("Game"), "chat", A(self.at("Chat"), "sendButtonTapped")))

    @signal
    def opponent_connection(self, connected):
        self.set(self.gpath("isOpponentConnected"), boolean(connected))
        return self.game(A(self.at("Game"), "opponentConnectionChanged", isConnected=Raw(
            "true" if connected else "false")))

    @signal
    def resign_tapped(self):
        return self.game(A(self.at("Game"), "resignButtonTapped"))

    @signal
    def game_ended(self, result, reason):
        self.game_over = True
        self.in_game = False
        self.set(self.gpath("status"), En("GameStatus", "finished", St("GameResult", [
            ("winner", NIL if result == "draw" else self.case(result, "PieceColor")), ("reason", self.case(reason, "EndReason"))])))
        self.set(self.gpath("board", "premove"), NIL)
        self.premove = None
        return self.game(A(self.at("Game"), "gameEnded", Struct("GameResult", [
            ("winner", Raw("nil" if result == "draw" else "." + result)), ("reason", Raw("." + reason))])))

    @signal
    def rating_response(self, delta):
        self.rating += delta
        self.set(self.gpath("ratingChange"), num(delta))
        self.set(("rating",), num(self.rating))
        return self.game(A(self.at("Game"), "ratingChangeResponse", self.result("RatingChange", True, Struct(
            "RatingChange", [("before", Raw(str(self.rating - delta))), ("after", Raw(str(self.rating))),
                             ("delta", Raw(str(delta)))]))))

    @signal
    def back_to_lobby(self):
        self.set(("game",), NIL)
        self.lobby_open = True
        return self.game(A(self.at("Game"), "closeButtonTapped"))

    # -- signal: analysis
    @signal
    def analysis_tapped(self):
        n = len(self.get(self.gpath("moves")).items)
        self.analysis_open = True
        self.set(("destination",), En(self.st("Destination"), "analysis", St(self.st("Analysis"), [
            ("gameID", self.get(self.gpath("id"))), ("ply", num(n)), ("isEngineOn", boolean(True)),
            ("engine", St("EngineState", [("depth", num(0)), ("score", num(0.0)), ("principalVariation", text("")),
                                          ("bestMove", NIL)]))])))
        return self.game(A(self.at("Game"), "analysisButtonTapped"))

    @signal
    def analysis_step(self, forward):
        ply = int(self.get(self.apath("ply")).cd) + (1 if forward else -1)
        self.set(self.apath("ply"), num(max(0, ply)))
        self.set(self.apath("engine", "depth"), num(0))
        self.set(self.apath("engine", "bestMove"), NIL)
        return self.analysis(A(self.at("Analysis"), "stepForwardTapped" if forward else "stepBackwardTapped"))

    @signal
    def analysis_move_tapped(self, ply):
        self.set(self.apath("ply"), num(ply))
        self.set(self.apath("engine", "depth"), num(0))
        self.set(self.apath("engine", "bestMove"), NIL)
        return self.analysis(A(self.at("Analysis"), "moveListTapped", index=Raw(str(ply))))

    # reason: the end of the search the person's step started, once per step, with the best move
    @signal
    def engine_finished(self, best):
        self.set(self.apath("engine", "bestMove"), text(best))
        return self.analysis(A(self.at("Analysis"), "engineSearchFinished", bestMove=q(best)))

    @signal
    def engine_toggled(self, on):
        self.set(self.apath("isEngineOn"), boolean(on))
        return self.analysis(self.binding("Analysis", "isEngineOn", Raw("true" if on else "false")))

    @signal
    def analysis_dismissed(self):
        self.analysis_open = False
        self.engine_gen += 1
        self.set(("destination",), NIL)
        return self.dismissed()

    # -- signal: puzzles
    @signal
    def puzzle_response(self, pid, rating, theme):
        self.set(("puzzle",), St(self.st("Puzzle"), [
            ("id", text(pid)), ("rating", num(rating)), ("themes", Arr([text(theme)])), ("fen", text(self.fen())),
            ("moves", Arr()), ("board", St(self.st("Board"), [("drag", NIL), ("selectedSquare", NIL),
                                                              ("premove", NIL), ("animatingMove", NIL)])),
            ("result", NIL)]))
        self.puzzle_open = True
        return self.act("puzzleResponse", self.result("Puzzle", True, Struct("Puzzle", [
            ("id", q(pid)), ("rating", Raw(str(rating))), ("themes", Raw('["%s"]' % theme))])))

    # reason: played a fixed 0.6 s after each correct move, but a new move on the board
    @signal
    def puzzle_reply(self, san):
        self.append(("puzzle", "moves"), text(san))
        return self.puzzle(A(self.at("Puzzle"), "opponentReplyPlayed", san=q(san)))

    @signal
    def puzzle_result(self, solved, delta):
        self.set(("puzzle", "result"), self.case("solved" if solved else "failed", "PuzzleResult"))
        return self.puzzle(A(self.at("Puzzle"), "solutionResponse", self.result("PuzzleOutcome", True, Struct(
            "PuzzleOutcome", [("solved", Raw("true" if solved else "false")), ("ratingDelta", Raw(str(delta)))]))))

    # reason: the person's tap, though the state only changes with the next puzzle's response (a no-op)
    @signal
    def next_puzzle(self):
        return self.puzzle(A(self.at("Puzzle"), "nextPuzzleTapped"))

    # -- processes
    def processes(self):
        return [self.periodic(self.clock_ticked, 0.1, 0.004, when=lambda: self.in_game and not self.game_over),
                self.periodic(self.lag_measured, 2.0, 0.05, when=lambda: self.in_game),
                self.periodic(self.stats_updated, 3.0, 0.15, when=lambda: self.lobby_open and self.tab == "play"),
                self.lobby_feed()] + [self.live_game(g) for g in self.live_ids] + [self.person()]

    def lobby_feed(self):
        rng = self.rng
        while True:
            yield self.expo(3.5)
            if not (self.lobby_open and self.tab == "play"):
                continue
            if rng.random() < 0.5 or len(self.seek_ids) < 4:
                self.emit(self.seek_added)
            elif self.seek_ids:
                self.emit(self.seek_removed, rng.choice(self.seek_ids))

    def live_game(self, g):
        rng = self.rng
        while True:
            yield rng.uniform(2.0, 12.0)
            if self.lobby_open and self.tab == "play":
                self.emit(self.live_position, g)

    def drag(self, where, frm, to):
        x0, y0 = square_xy(frm)
        x1, y1 = square_xy(to)
        self.emit(self.drag_started, where, frm)
        hz = self.rng.uniform(55, 62)
        dur = self.rng.uniform(0.25, 1.1)
        n = max(3, int(hz * dur))
        rng = self.rng

        def at(i):
            f = (i + 1) / n
            e = f * f * (3 - 2 * f)
            return (where, x0 + (x1 - x0) * e + rng.uniform(-2, 2), y0 + (y1 - y0) * e + rng.uniform(-2, 2))
        yield from self.gesture(self.drag_changed, hz=hz, duration=n / hz, args=at)

    def person(self):
        rng = self.rng
        yield rng.uniform(2, 6)
        while True:
            # the lobby
            if self.tab != "play":
                self.emit(self.tab_selected, "play")
            self.lobby_open = True
            yield rng.uniform(6, 40)
            while True:
                if not self.seek_ids:
                    yield 3.0
                    continue
                sid = rng.choice(self.seek_ids)
                self.emit(self.seek_tapped, sid)
                ok = rng.random() < 0.8
                yield rng.uniform(0.15, 0.6)
                self.pending_game = self.gid()
                self.opponent = rng.choice(OPPONENTS)
                self.color_white = rng.random() < 0.5
                self.emit(self.join_response, sid, ok)
                if ok:
                    self.seek_removed_silent(sid)
                    yield 0.01
                    self.emit(self.delegate_start, self.pending_game)
                    break
                yield rng.uniform(2, 6)
            yield from self.play_game()
            yield rng.uniform(2, 6)
            r = rng.random()
            if r < 0.55:
                self.emit(self.analysis_tapped)
                yield from self.analyse()
            yield rng.uniform(1, 4)
            self.emit(self.back_to_lobby)
            yield rng.uniform(1, 5)
            if rng.random() < 0.6:
                yield from self.puzzles()
            if rng.random() < 0.3:
                yield rng.uniform(30, 90)       # away from the phone

    def play_game(self):
        rng = self.rng
        plies = rng.randint(30, 70)
        chat_at = set(rng.sample(range(2, plies), min(plies - 2, rng.randint(0, 3))))
        if rng.random() < 0.4:
            self.after(rng.uniform(1.0, 4.0), self.chat_received, rng.choice(CHAT_IN[:3]))
        disc = rng.randrange(10, plies) if rng.random() < 0.15 else -1
        while self.ply < plies and not self.game_over:
            if self.clocks[0] <= 0.05 or self.clocks[1] <= 0.05:
                break
            if self.my_turn:
                # think, then drag (or tap-tap) a piece
                yield min(self.time_left() * 0.4, rng.lognormvariate(math.log(3.0), 0.8))
                if self.game_over:
                    break
                frm, to = square(rng), square(rng)
                if rng.random() < 0.85:
                    yield from self.drag("game", frm, to)
                    self.emit(self.piece_dropped, "game", frm, to, self.san())
                else:
                    self.emit(self.square_tapped, frm, False)
                    yield rng.uniform(0.3, 1.2)
                    self.emit(self.square_tapped, to, True)
                self.after(0.25, self.animation_finished)
                yield rng.uniform(0.06, 0.25)
                self.emit(self.move_ack, rng.random() < 0.99)
            else:
                think = min(self.opp_left() * 0.3, rng.lognormvariate(math.log(2.8), 0.9))
                if rng.random() < 0.2 and think > 2.0:
                    yield think * 0.3
                    frm, to = square(rng), square(rng)
                    yield from self.drag("game", frm, to)
                    self.emit(self.premove_set, frm, to)
                    yield think * 0.7
                else:
                    yield think
                if self.ply == disc:
                    self.emit(self.opponent_connection, False)
                    yield rng.uniform(3, 15)
                    self.emit(self.opponent_connection, True)
                if self.game_over:
                    break
                self.emit(self.opponent_moved)
                self.after(0.25, self.animation_finished)
                if self.ply in chat_at:
                    self.after(rng.uniform(0.5, 3), self.chat_received, rng.choice(CHAT_IN))
                if self.premove and not self.game_over:
                    yield 0.01
                    self.emit(self.premove_played, rng.random() < 0.75)
                    if not self.my_turn:
                        self.after(0.25, self.animation_finished)
                        yield rng.uniform(0.06, 0.25)
                        self.emit(self.move_ack, True)
            if rng.random() < 0.02:
                # reply in the chat
                msg = rng.choice(CHAT_OUT)
                for k in range(1, len(msg) + 1):
                    self.emit(self.draft_typed, msg[:k])
                    yield rng.uniform(0.08, 0.4)
                self.emit(self.chat_sent, msg)
        if not self.game_over:
            if self.clocks[0] <= 0.05 or self.clocks[1] <= 0.05:
                loser_white = self.clocks[0] <= 0.05
                self.emit(self.game_ended, "black" if loser_white else "white", "timeout")
            elif rng.random() < 0.25:
                self.emit(self.resign_tapped)
                yield rng.uniform(0.1, 0.4)
                self.emit(self.game_ended, "black" if self.color_white else "white", "resign")
            else:
                r = rng.random()
                winner = "draw" if r < 0.15 else rng.choice(["white", "black"])
                self.emit(self.game_ended, winner, "stalemate" if winner == "draw" else "mate")
        if rng.random() < 0.5:
            self.after(rng.uniform(0.3, 2), self.chat_received, "gg")
        yield rng.uniform(0.3, 1.5)
        self.emit(self.rating_response, rng.randint(-9, 9) or 1)

    def time_left(self):
        return self.clocks[0 if self.color_white else 1]

    def opp_left(self):
        return self.clocks[1 if self.color_white else 0]

    def engine(self, gen):
        """The engine's depth stream: quick at first, slower as it goes deeper."""
        rng = self.rng
        score = rng.uniform(-1.5, 1.5)
        top = rng.randint(18, 24)
        pv = []
        for d in range(1, top + 1):
            yield 0.004 * (1.32 ** d) * rng.uniform(0.7, 1.3)
            if gen != self.engine_gen or not self.analysis_open:
                return
            score += rng.gauss(0, 0.3 / math.sqrt(d))
            if len(pv) < 8 and rng.random() < 0.6:
                pv.append(rng.choice(MIDDLE))
            self.emit(self.engine_update, d, round(score, 2), " ".join(pv))
        yield 0.01
        if gen == self.engine_gen and self.analysis_open:
            self.emit(self.engine_finished, pv[0] if pv else "e4")

    def restart_engine(self):
        self.engine_gen += 1
        self.spawn(self.engine(self.engine_gen))

    def analyse(self):
        rng = self.rng
        self.restart_engine()
        n = len(self.get(self.gpath("moves")).items)
        for _ in range(rng.randint(4, 20)):
            yield rng.lognormvariate(math.log(4.0), 0.7)
            r = rng.random()
            if r < 0.75:
                self.emit(self.analysis_step, rng.random() < 0.7)
            elif r < 0.92:
                self.emit(self.analysis_move_tapped, rng.randrange(n))
            else:
                on = self.get(self.apath("isEngineOn")).cd != "true"
                self.emit(self.engine_toggled, on)
                if not on:
                    self.engine_gen += 1
                    continue
            if self.get(self.apath("isEngineOn")).cd == "true":
                self.restart_engine()
        yield rng.uniform(1, 5)
        self.emit(self.analysis_dismissed)

    def puzzles(self):
        rng = self.rng
        self.lobby_open = False
        self.emit(self.tab_selected, "puzzles")
        yield rng.uniform(0.2, 0.6)
        for k in range(rng.randint(2, 6)):
            self.emit(self.puzzle_response, self.gid()[:5], rng.randint(1400, 2000),
                      rng.choice(PUZZLE_THEMES))
            for step in range(rng.randint(1, 3)):
                yield rng.lognormvariate(math.log(6.0), 0.7)
                frm, to = square(rng), square(rng)
                yield from self.drag("puzzle", frm, to)
                self.emit(self.piece_dropped, "puzzle", frm, to, rng.choice(MIDDLE))
                wrong = rng.random() < 0.2
                if wrong:
                    break
                yield 0.6
                self.emit(self.puzzle_reply, rng.choice(MIDDLE))
            yield rng.uniform(0.2, 0.5)
            self.emit(self.puzzle_result, not wrong, rng.randint(4, 14) * (-1 if wrong else 1))
            yield rng.uniform(1.5, 6)
            self.emit(self.next_puzzle)
            yield rng.uniform(0.2, 0.5)
        self.set_nil_puzzle()

    def set_nil_puzzle(self):
        self.puzzle_open = False


# ============================================================================= cameras

CAMERAS = [("Front Door", 60.0, True), ("Driveway", 90.0, True), ("Backyard", 160.0, False),
           ("Garage", 240.0, False), ("Living Room", 300.0, True), ("Side Gate", 200.0, False),
           ("Nursery", 600.0, True)]
MOTION_KINDS = ["person", "person", "vehicle", "motion", "motion", "animal", "package"]


class Cameras(Base):
    """A home-security camera app: a grid of live tiles, pushed motion events, a live view with
    stream stats, pan/tilt, a recording timeline and two-way talk, arming, clip downloads.

    noise   cameras.element.refreshTimerFired / snapshotResponse (each tile every few seconds),
            liveView.statsReported (1 s), liveView.ptz.dragChanged / commandResponse (a drag and
            its throttled commands), liveView.timeline.scrubChanged / playheadAdvanced,
            liveView.talk.inputLevelChanged (the microphone while held), downloads progress,
            security.exitDelayTicked (1 s countdown), security.statusResponse (30 s poll), the
            volume and motion-sensitivity sliders (their toggles beside them are signal)
    either  events.element.thumbnailResponse (rows' images as the list scrolls), the passcode
            and the camera name fields (keystrokes)
    signal  taps and toggles, motion pushes, connectivity changes, stream/talk/arm/download
            responses, scene phase"""

    name = "cameras"
    module = "HomeCam"
    process = "HomeCam"

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        n = rng.randint(5, 7)
        self.cams = []
        tiles = []
        for name, mean, ptz in CAMERAS[:n]:
            cid = "cam_" + "".join(rng.choice("0123456789ABCDEF") for _ in range(4))
            self.cams.append({"id": cid, "name": name, "mean": mean, "ptz": ptz,
                              "period": rng.choice([3.0, 4.0, 5.0, 5.0, 6.0]), "status": "online",
                              "refreshing": False})
            tiles.append(St(self.st("CameraTile"), [
                ("id", text(cid)), ("name", text(name)), ("status", self.case("online", "ConnectionStatus")),
                ("snapshot", St("Snapshot", [("capturedAt", self.date(0)), ("byteCount", num(rng.randint(38000, 90000)))])),
                ("isRefreshing", boolean(False)), ("lastMotionAt", NIL), ("unreadEvents", num(0))]))
        self.event_ids = []
        self.active = True
        self.screen = "grid"          # grid, events, live, settings
        self.live = None              # camera index in live view
        self.talking = False
        self.playback = False
        self.arm_mode = "disarmed"
        self.exit_delay = 0
        self.downloading = {}
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("cameras", "Tab")),
            ("cameras", Arr(tiles)),
            ("events", St(self.st("EventList"), [("events", Arr()), ("unreadCount", num(0))])),
            ("security", St(self.st("Security"), [("mode", self.case("disarmed", "ArmMode")),
                                                  ("exitDelayRemaining", NIL), ("isUpdating", boolean(False)),
                                                  ("passcode", text("")), ("lastCheckedAt", NIL)])),
            ("downloads", Dic({}, key="UUID(%s)")),
            ("destination", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- helpers
    def cpath(self, c, *rest):
        return ("cameras", ("i", c)) + rest

    def tile(self, c, inner):
        return self.act("cameras", self.element("CameraTile", q(self.cams[c]["id"]), inner))

    def lpath(self, *rest):
        return ("destination", ("e", "liveView")) + rest

    def spath(self, *rest):
        return ("destination", ("e", "cameraSettings")) + rest

    def lv(self, inner):
        return self.presented("liveView", inner)

    def ptz(self, inner):
        return self.lv(A(self.at("LiveView"), "ptz", inner))

    def timeline(self, inner):
        return self.lv(A(self.at("LiveView"), "timeline", inner))

    def talk(self, inner):
        return self.lv(A(self.at("LiveView"), "talk", inner))

    def sec(self, inner):
        return self.act("security", inner)

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def in_live(self):
        return self.screen == "live" and self.get(("destination",)) is not NIL

    # -- noise: tiles
    # reason: each tile's own refresh timer, on a steady period per camera
    @noise
    def refresh_fired(self, c):
        self.cams[c]["refreshing"] = True
        self.set(self.cpath(c, "isRefreshing"), boolean(True))
        return self.tile(c, A(self.at("CameraTile"), "refreshTimerFired"))

    # reason: the answer to the tile's own timer, every few seconds per camera, a new image each time
    @noise
    def snapshot_ok(self, c):
        cam = self.cams[c]
        cam["refreshing"] = False
        size = self.rng.randint(38000, 90000)
        self.set(self.cpath(c, "isRefreshing"), boolean(False))
        self.set(self.cpath(c, "snapshot"), St("Snapshot", [("capturedAt", self.date()), ("byteCount", num(size))]))
        return self.tile(c, A(self.at("CameraTile"), "snapshotResponse", self.result("Snapshot", True, Struct(
            "Snapshot", [("capturedAt", Raw(self.date().cd)), ("byteCount", Raw(str(size)))]))))

    # reason: the same timer's answer while a camera is unreachable: repeats every period; the
    # status change itself is connectivityChanged
    @noise
    def snapshot_failed(self, c):
        self.cams[c]["refreshing"] = False
        self.set(self.cpath(c, "isRefreshing"), boolean(False))
        return self.tile(c, A(self.at("CameraTile"), "snapshotResponse", self.result("Snapshot", False, Struct(
            "CameraError", [("code", q("deviceUnreachable"))]))))

    # -- noise: live view
    @noise
    def stats_reported(self, kbps, fps, dropped):
        self.set(self.lpath("stats"), St("StreamStats", [("bitrateKbps", num(kbps)), ("fps", num(fps)),
                                                          ("droppedFrames", num(dropped))]))
        return self.lv(A(self.at("LiveView"), "statsReported", Struct("StreamStats", [
            ("bitrateKbps", Raw(str(kbps))), ("fps", Raw(str(fps))), ("droppedFrames", Raw(str(dropped)))])))

    @noise
    def ptz_drag_changed(self, dx, dy):
        self.set(self.lpath("ptz", "dragTranslation"), St("CGSize", [("width", num(round(dx, 1))),
                                                                     ("height", num(round(dy, 1)))]))
        return self.ptz(A(self.at("PTZ"), "dragChanged", Struct("CGSize", [("width", fl(dx, 1)), ("height", fl(dy, 1))])))

    # reason: the camera's answer to each throttled pan/tilt command while the finger moves
    @noise
    def ptz_command_response(self, pan, tilt):
        self.set(self.lpath("ptz", "pan"), num(pan))
        self.set(self.lpath("ptz", "tilt"), num(tilt))
        return self.ptz(A(self.at("PTZ"), "commandResponse", self.result("PTZPosition", True, Struct(
            "PTZPosition", [("pan", fl(pan, 1)), ("tilt", fl(tilt, 1)), ("zoom", Raw("1.0"))]))))

    @noise
    def scrub_changed(self, offset):
        self.set(self.lpath("timeline", "offset"), num(offset))
        return self.timeline(A(self.at("Timeline"), "scrubChanged", offset=fl(offset, 1)))

    # reason: a 1 s playback timer moving the playhead forward while a recording plays
    @noise
    def playhead_advanced(self):
        off = round(float(self.get(self.lpath("timeline", "offset")).cd) + 1.0, 1)
        self.set(self.lpath("timeline", "offset"), num(off))
        return self.timeline(A(self.at("Timeline"), "playheadAdvanced", offset=fl(off, 1)))

    # reason: the microphone level while the talk button is held: one number streamed between press and release
    @noise
    def input_level(self, level):
        self.set(self.lpath("talk", "inputLevel"), num(level))
        return self.talk(A(self.at("Talk"), "inputLevelChanged", fl(level, 3)))

    # reason: a slider's values while the finger drags it (the toggle beside it is signal)
    @noise
    def volume_changed(self, v):
        self.set(self.lpath("volume"), num(v))
        return self.lv(self.binding("LiveView", "volume", fl(v, 3)))

    # reason: a slider's values while the finger drags it (the alerts toggle beside it is signal)
    @noise
    def sensitivity_changed(self, v):
        self.set(self.spath("motionSensitivity"), num(v))
        return self.presented("cameraSettings", self.binding("CameraSettings", "motionSensitivity", fl(v, 3)))

    # -- noise: downloads, security
    @noise
    def download_progress(self, d, p):
        self.set(("downloads", ("k", d), "progress"), num(p))
        return self.act("downloads", self.element("Download", self.uuid_arg(d), A(
            self.at("Download"), "progressUpdated", fl(p, 2))))

    @noise
    def exit_delay_ticked(self):
        self.exit_delay -= 1
        self.set(("security", "exitDelayRemaining"), num(self.exit_delay))
        return self.sec(A(self.at("Security"), "exitDelayTicked"))

    # reason: a 30 s poll of the hub that re-sends the mode the app already shows
    @noise
    def status_polled(self):
        if not self.active:
            return None
        self.set(("security", "lastCheckedAt"), self.date())
        return self.sec(A(self.at("Security"), "statusResponse", self.result("SystemStatus", True, Struct(
            "SystemStatus", [("mode", Raw("." + self.arm_mode)), ("hubOnline", Raw("true"))]))))

    # -- either
    # reason: event rows' thumbnails load as the list scrolls past them
    @either
    def event_thumbnail(self, e):
        if e not in self.event_ids:
            return None
        i = self.event_ids.index(e)
        size = self.rng.randint(9000, 24000)
        self.set(("events", "events", ("i", i), "thumbnail"), St("Thumbnail", [("byteCount", num(size))]))
        return self.act("events", A(self.at("EventList"), "events", self.element("MotionEvent", self.uuid_arg(e), A(
            self.at("MotionEvent"), "thumbnailResponse", self.result("Thumbnail", True, Struct(
                "Thumbnail", [("byteCount", Raw(str(size)))]))))))

    # reason: a keystroke per record in the disarm passcode field
    @either
    def passcode_typed(self, value):
        self.set(("security", "passcode"), text(value))
        return self.sec(self.binding("Security", "passcode", q(value)))

    # reason: a keystroke per record in the camera's name field
    @either
    def camera_name_typed(self, value):
        self.set(self.spath("name"), text(value))
        return self.presented("cameraSettings", self.binding("CameraSettings", "name", q(value)))

    # -- signal: pushes and system events
    # reason: pushed by the camera at irregular times, sometimes a few in a row, each a new event
    @signal
    def motion_detected(self, c, kind):
        e = self.uid()
        cam = self.cams[c]
        self.event_ids.insert(0, e)
        events = self.get(("events", "events"))
        new = St(self.st("MotionEvent"), [("id", self.uuid_value(e)), ("cameraID", text(cam["id"])),
                                          ("kind", self.case(kind, "MotionKind")), ("startedAt", self.date()),
                                          ("thumbnail", NIL), ("isRead", boolean(False))])
        self.set(("events", "events"), Arr([new] + events.items[:29]))
        self.event_ids = self.event_ids[:30]
        unread = int(self.get(self.cpath(c, "unreadEvents")).cd) + 1
        self.set(self.cpath(c, "unreadEvents"), num(unread))
        self.set(self.cpath(c, "lastMotionAt"), self.date())
        total = int(self.get(("events", "unreadCount")).cd) + 1
        self.set(("events", "unreadCount"), num(total))
        return self.tile(c, A(self.at("CameraTile"), "motionDetected", Struct("MotionEvent", [
            ("id", self.uuid_arg(e)), ("kind", Raw("." + kind)),
            ("confidence", fl(self.rng.uniform(0.55, 0.99), 2))])))

    # reason: a camera dropping or coming back, at irregular times: a status change
    @signal
    def connectivity_changed(self, c, status):
        self.cams[c]["status"] = status
        self.set(self.cpath(c, "status"), self.case(status, "ConnectionStatus"))
        return self.tile(c, A(self.at("CameraTile"), "connectivityChanged", status=Raw("." + status)))

    @signal
    def scene_phase(self, phase):
        self.active = phase == "active"
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # -- signal: the person on the grid and the events
    @signal
    def tab_selected(self, tab):
        self.set(("selectedTab",), self.case(tab, "Tab"))
        self.screen = "events" if tab == "events" else "grid"
        return self.act("tabSelected", A("Tab", tab))

    @signal
    def tile_tapped(self, c):
        cam = self.cams[c]
        self.live = c
        self.screen = "live"
        self.set(self.cpath(c, "unreadEvents"), num(0))
        self.set(("destination",), En(self.st("Destination"), "liveView", St(self.st("LiveView"), [
            ("cameraID", text(cam["id"])), ("playerState", self.case("connecting", "PlayerState")),
            ("stats", St("StreamStats", [("bitrateKbps", num(0)), ("fps", num(0)), ("droppedFrames", num(0))])),
            ("ptz", St(self.st("PTZ"), [("isSupported", boolean(cam["ptz"])), ("pan", num(0.0)), ("tilt", num(0.0)),
                                        ("dragTranslation", NIL)])),
            ("timeline", St(self.st("Timeline"), [("mode", self.case("live", "TimelineMode")), ("offset", num(0.0)),
                                                  ("segments", Arr()), ("isScrubbing", boolean(False)),
                                                  ("isPlaying", boolean(False))])),
            ("talk", St(self.st("Talk"), [("isTalking", boolean(False)), ("isConnected", boolean(False)),
                                          ("inputLevel", num(0.0))])),
            ("isMuted", boolean(True)), ("volume", num(0.8))])))
        return self.tile(c, A(self.at("CameraTile"), "tapped"))

    @signal
    def stream_response(self, ok):
        self.set(self.lpath("playerState"), self.case("playing" if ok else "failed", "PlayerState"))
        return self.lv(A(self.at("LiveView"), "streamResponse", self.result("StreamSession", ok, Struct(
            "StreamSession", [("url", q("rtsps://hub.local:7441/%s" % self.uid()[:12].lower())),
                              ("codec", q("h264"))]) if ok else Struct("StreamError", [("code", q("timeout"))]))))

    # reason: the stream stalls and recovers now and then: a status change the person sees
    @signal
    def player_state(self, st):
        if not self.in_live() or self.get(self.lpath("playerState")).cd == ".failed":
            return None
        self.set(self.lpath("playerState"), self.case(st, "PlayerState"))
        return self.lv(A(self.at("LiveView"), "playerStateChanged", state=Raw("." + st)))

    @signal
    def ptz_drag_ended(self):
        self.set(self.lpath("ptz", "dragTranslation"), NIL)
        return self.ptz(A(self.at("PTZ"), "dragEnded"))

    @signal
    def ptz_preset(self, k, pan, tilt):
        self.set(self.lpath("ptz", "pan"), num(pan))
        self.set(self.lpath("ptz", "tilt"), num(tilt))
        return self.ptz(A(self.at("PTZ"), "presetTapped", index=Raw(str(k))))

    @signal
    def timeline_opened(self):
        self.set(self.lpath("timeline", "mode"), self.case("playback", "TimelineMode"))
        return self.timeline(A(self.at("Timeline"), "openButtonTapped"))

    @signal
    def segments_response(self, n):
        segs = [St("Segment", [("start", num(-3600.0 * (i + 1) + self.rng.randint(0, 3000))),
                               ("duration", num(float(self.rng.randint(20, 240))))]) for i in range(n)]
        self.set(self.lpath("timeline", "segments"), Arr(segs))
        return self.timeline(A(self.at("Timeline"), "segmentsResponse", self.result("[Segment]", True, Struct(
            "SegmentPage", [("count", Raw(str(n))), ("hours", Raw("24"))]))))

    @signal
    def scrub_began(self):
        self.set(self.lpath("timeline", "isScrubbing"), boolean(True))
        self.set(self.lpath("timeline", "isPlaying"), boolean(False))
        return self.timeline(A(self.at("Timeline"), "scrubBegan"))

    @signal
    def scrub_ended(self):
        self.set(self.lpath("timeline", "isScrubbing"), boolean(False))
        return self.timeline(A(self.at("Timeline"), "scrubEnded"))

    @signal
    def playback_response(self, ok):
        self.set(self.lpath("timeline", "isPlaying"), boolean(ok))
        return self.timeline(A(self.at("Timeline"), "playbackResponse", self.result("PlaybackSession", ok, Struct(
            "PlaybackSession", [("offset", fl(float(self.get(self.lpath("timeline", "offset")).cd), 1))]) if ok
            else Struct("StreamError", [("code", q("noRecording"))]))))

    @signal
    def go_live(self):
        self.set(self.lpath("timeline", "mode"), self.case("live", "TimelineMode"))
        self.set(self.lpath("timeline", "offset"), num(0.0))
        self.set(self.lpath("timeline", "isPlaying"), boolean(False))
        return self.timeline(A(self.at("Timeline"), "goLiveButtonTapped"))

    @signal
    def talk_pressed(self):
        self.set(self.lpath("talk", "isTalking"), boolean(True))
        return self.talk(A(self.at("Talk"), "buttonPressed"))

    @signal
    def talk_session(self, ok):
        self.set(self.lpath("talk", "isConnected"), boolean(ok))
        return self.talk(A(self.at("Talk"), "sessionResponse", self.result("TalkSession", ok, Struct(
            "TalkSession", [("sampleRate", Raw("16000"))]) if ok else Struct("TalkError", [("code", q("busy"))]))))

    @signal
    def talk_released(self):
        self.set(self.lpath("talk", "isConnected"), boolean(False))
        self.set(self.lpath("talk", "isTalking"), boolean(False))
        self.set(self.lpath("talk", "inputLevel"), num(0.0))
        return self.talk(A(self.at("Talk"), "buttonReleased"))

    @signal
    def mute_toggled(self, muted):
        self.set(self.lpath("isMuted"), boolean(muted))
        return self.lv(self.binding("LiveView", "isMuted", Raw("true" if muted else "false")))

    @signal
    def snapshot_saved(self):
        return self.lv(A(self.at("LiveView"), "saveSnapshotButtonTapped"))

    @signal
    def dismissed(self):
        self.screen = "grid"
        self.live = None
        self.talking = False
        self.set(("destination",), NIL)
        return Base.dismissed(self)

    # -- signal: camera settings sheet
    @signal
    def settings_tapped(self, c):
        self.screen = "settings"
        cam = self.cams[c]
        self.set(("destination",), En(self.st("Destination"), "cameraSettings", St(self.st("CameraSettings"), [
            ("cameraID", text(cam["id"])), ("name", text(cam["name"])), ("motionSensitivity", num(0.6)),
            ("isMotionAlertsEnabled", boolean(True)), ("isSaving", boolean(False))])))
        return self.tile(c, A(self.at("CameraTile"), "settingsButtonTapped"))

    @signal
    def alerts_toggled(self, on):
        self.set(self.spath("isMotionAlertsEnabled"), boolean(on))
        return self.presented("cameraSettings", self.binding("CameraSettings", "isMotionAlertsEnabled",
                                                             Raw("true" if on else "false")))

    @signal
    def settings_save(self):
        self.set(self.spath("isSaving"), boolean(True))
        return self.presented("cameraSettings", A(self.at("CameraSettings"), "saveButtonTapped"))

    @signal
    def settings_saved(self, c):
        name = self.get(self.spath("name")).df
        self.cams[c]["name"] = name
        self.set(self.cpath(c, "name"), text(name))
        self.set(self.spath("isSaving"), boolean(False))
        return self.presented("cameraSettings", A(self.at("CameraSettings"), "saveResponse", self.result(
            "CameraConfig", True, Struct("CameraConfig", [("name", q(name))]))))

    # -- signal: events and downloads
    @signal
    def event_tapped(self, e):
        i = self.event_ids.index(e)
        self.set(("events", "events", ("i", i), "isRead"), boolean(True))
        return self.act("events", A(self.at("EventList"), "events", self.element("MotionEvent", self.uuid_arg(e), A(
            self.at("MotionEvent"), "tapped"))))

    @signal
    def mark_all_read(self):
        for i in range(len(self.event_ids)):
            self.set(("events", "events", ("i", i), "isRead"), boolean(True))
        self.set(("events", "unreadCount"), num(0))
        for c in range(len(self.cams)):
            self.set(self.cpath(c, "unreadEvents"), num(0))
        return self.act("events", A(self.at("EventList"), "markAllReadButtonTapped"))

    @signal
    def download_tapped(self, e, d):
        self.put(("downloads",), d, St(self.st("Download"), [("eventID", self.uuid_value(e)), ("progress", num(0.0)),
                                                              ("status", self.case("downloading", "DownloadStatus"))]))
        return self.act("events", A(self.at("EventList"), "events", self.element("MotionEvent", self.uuid_arg(e), A(
            self.at("MotionEvent"), "downloadButtonTapped"))))

    @signal
    def download_done(self, d, ok):
        self.set(("downloads", ("k", d), "status"), self.case("finished" if ok else "failed", "DownloadStatus"))
        if ok:
            self.set(("downloads", ("k", d), "progress"), num(1.0))
        return self.act("downloads", self.element("Download", self.uuid_arg(d), A(
            self.at("Download"), "downloadResponse", self.result("URL", ok, Raw(
                'URL(file:///var/mobile/Containers/Data/Application/Clips/%s.mp4)' % d[:8].lower()) if ok else
                Struct("URLError", [("code", Raw("-1005"))])))))

    # -- signal: arming
    @signal
    def mode_selected(self, mode):
        self.set(("security", "isUpdating"), boolean(True))
        return self.sec(A(self.at("Security"), "modeSelected", mode=Raw("." + mode)))

    @signal
    def mode_response(self, mode, ok):
        self.set(("security", "isUpdating"), boolean(False))
        if ok:
            self.arm_mode = mode
            self.set(("security", "mode"), self.case(mode, "ArmMode"))
            self.set(("security", "passcode"), text(""))
            if mode == "away":
                self.exit_delay = 30
                self.set(("security", "exitDelayRemaining"), num(30))
        return self.sec(A(self.at("Security"), "setModeResponse", self.result("SystemStatus", ok, Struct("SystemStatus", [
            ("mode", Raw("." + mode)), ("hubOnline", Raw("true"))]) if ok
                                                                              else Struct("HubError", [("code", q("wrongPasscode"))]))))

    # reason: the end of the exit countdown, a fixed 30 s after arming, but the moment the system is armed
    @signal
    def exit_delay_finished(self):
        self.set(("security", "exitDelayRemaining"), NIL)
        return self.sec(A(self.at("Security"), "exitDelayFinished"))

    # -- processes
    def processes(self):
        ps = [self.periodic(self.status_polled, 30.0, 0.2), self.lifecycle(), self.person()]
        for c in range(len(self.cams)):
            ps.append(self.tile_refresh(c))
            ps.append(self.motion(c))
        ps.append(self.connectivity())
        return ps

    def grid_visible(self):
        return self.active and self.screen == "grid"

    def tile_refresh(self, c):
        """Each tile's own timer, on its own period; the request's answer 0.2-1.5 s later."""
        cam = self.cams[c]
        period = cam["period"]
        due = self.now + self.rng.uniform(0, period)
        k = 0
        while True:
            fire = max(self.now + 0.0005, due + period * k + self.rng.uniform(-0.03, 0.03))
            yield fire - self.now
            k += 1
            if not self.grid_visible():
                continue
            self.emit(self.refresh_fired, c)
            if cam["status"] == "offline":
                yield self.rng.uniform(2.0, 2.5)       # the request times out
                self.emit(self.snapshot_failed, c)
            else:
                yield self.rng.uniform(0.2, 1.5) if cam["status"] == "online" else self.rng.uniform(1.5, 3.5)
                self.emit(self.snapshot_ok, c)

    def motion(self, c):
        """Motion on one camera: single events, sometimes a few in a row (someone lingering)."""
        rng = self.rng
        cam = self.cams[c]
        while True:
            yield self.expo(cam["mean"])
            if not self.active or cam["status"] == "offline":
                continue
            kind = rng.choice(MOTION_KINDS)
            self.emit(self.motion_detected, c, kind)
            if rng.random() < 0.3:
                for _ in range(rng.randint(1, 3)):
                    yield rng.uniform(4, 20)
                    self.emit(self.motion_detected, c, kind)
            # a person walking on to the next camera
            if kind == "person" and rng.random() < 0.4:
                nxt = (c + 1) % len(self.cams)
                self.after(rng.uniform(3, 12), self.motion_maybe, nxt)

    # reason: the same motionDetected push, on the next camera a person walks to
    @signal
    def motion_maybe(self, c):
        """Someone walking on to the next camera: its motion push, if it still sees."""
        if self.active and self.cams[c]["status"] != "offline":
            return self.motion_detected(c, "person")
        return None

    def connectivity(self):
        rng = self.rng
        while True:
            yield self.expo(150.0)
            c = rng.randrange(len(self.cams))
            if self.cams[c]["status"] != "online":
                continue
            if rng.random() < 0.5:
                self.emit(self.connectivity_changed, c, "reconnecting")
                yield rng.uniform(3, 20)
                self.emit(self.connectivity_changed, c, "online")
            else:
                self.emit(self.connectivity_changed, c, "offline")
                yield rng.uniform(30, 150)
                self.emit(self.connectivity_changed, c, "reconnecting")
                yield rng.uniform(2, 10)
                self.emit(self.connectivity_changed, c, "online")

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(150, 400)
            if self.screen == "live":
                continue
            self.emit(self.scene_phase, "background")
            yield rng.uniform(20, 90)
            self.emit(self.scene_phase, "active")

    def stream_stats(self, token):
        rng = self.rng
        kbps = rng.randint(1400, 2600)
        dropped = 0
        yield rng.uniform(0.9, 1.1)
        while self.screen == "live" and self.live_token == token:
            kbps = max(300, int(kbps + rng.gauss(0, 120)))
            fps = rng.choice([15, 15, 15, 14, 13]) if kbps > 900 else rng.choice([10, 12])
            if rng.random() < 0.1:
                dropped += rng.randint(1, 6)
            if self.active:
                self.emit(self.stats_reported, kbps, fps, dropped)
            if rng.random() < 0.015 and self.screen == "live":
                self.after(rng.uniform(0.1, 0.9), self.player_state, "buffering")
                self.after(rng.uniform(1.5, 5.0), self.player_state, "playing")
            yield 1.0 + rng.uniform(-0.01, 0.01)

    def playhead(self, token):
        while self.playback and self.live_token == token and self.screen == "live":
            yield 1.0 + self.rng.uniform(-0.005, 0.005)
            if self.playback and self.live_token == token and self.screen == "live":
                self.emit(self.playhead_advanced)

    def live_view(self, c):
        rng = self.rng
        self.emit(self.tile_tapped, c)
        self.live_token = getattr(self, "live_token", 0) + 1
        token = self.live_token
        yield rng.uniform(0.4, 1.8)
        ok = rng.random() < 0.93
        self.emit(self.stream_response, ok)
        if not ok:
            yield rng.uniform(1.5, 4)
            self.emit(self.dismissed)
            return
        self.spawn(self.stream_stats(token))
        cam = self.cams[c]
        self.playback = False
        for _ in range(rng.randint(1, 6)):
            yield rng.lognormvariate(math.log(5.0), 0.8)
            r = rng.random()
            if r < 0.3 and cam["ptz"]:
                # pan and tilt with a drag; commands go out throttled to ~8 Hz
                pan0 = float(self.get(self.lpath("ptz", "pan")).cd)
                tilt0 = float(self.get(self.lpath("ptz", "tilt")).cd)
                for _ in range(rng.randint(1, 3)):
                    gx, gy = rng.uniform(-180, 180), rng.uniform(-90, 90)
                    hz = rng.uniform(55, 62)
                    n = max(8, int(hz * rng.uniform(0.6, 2.5)))
                    cmd = {"next": 0.0}

                    def at(i, gx=gx, gy=gy, n=n):
                        f = (i + 1) / n
                        return (gx * f + rng.uniform(-1.5, 1.5), gy * f + rng.uniform(-1.5, 1.5))

                    def each(i, gx=gx, gy=gy, n=n, cmd=cmd):
                        if self.now >= cmd["next"]:
                            cmd["next"] = self.now + 0.125
                            f = (i + 1) / n
                            pan = max(-170.0, min(170.0, round(pan0 + gx * f * 0.3, 1)))
                            tilt = max(-45.0, min(45.0, round(tilt0 + gy * f * 0.3, 1)))
                            self.after(rng.uniform(0.05, 0.12), self.ptz_command_response, pan, tilt)
                    yield from self.gesture(self.ptz_drag_changed, hz=hz, duration=n / hz, args=at, each=each)
                    yield 0.13
                    self.emit(self.ptz_drag_ended)
                    pan0 = float(self.get(self.lpath("ptz", "pan")).cd)
                    tilt0 = float(self.get(self.lpath("ptz", "tilt")).cd)
                    yield rng.uniform(1, 4)
            elif r < 0.4 and cam["ptz"]:
                self.emit(self.ptz_preset, rng.randint(1, 4), round(rng.uniform(-90, 90), 1), round(rng.uniform(-20, 20), 1))
            elif r < 0.62:
                # the recordings: open the timeline, scrub, play
                if self.get(self.lpath("timeline", "mode")).cd != ".playback":
                    self.emit(self.timeline_opened)
                    yield rng.uniform(0.3, 1.2)
                    self.emit(self.segments_response, rng.randint(6, 30))
                    yield rng.uniform(1, 3)
                for _ in range(rng.randint(1, 3)):
                    self.playback = False
                    self.emit(self.scrub_began)
                    off = float(self.get(self.lpath("timeline", "offset")).cd)
                    goal = rng.uniform(-86400, -60)
                    hz = rng.uniform(55, 62)
                    n = max(6, int(hz * rng.uniform(0.4, 2.0)))
                    yield from self.gesture(self.scrub_changed, hz=hz, duration=n / hz, args=lambda i, off=off, goal=goal, n=n: (
                        round(off + (goal - off) * (i + 1) / n + rng.uniform(-5, 5), 1),))
                    self.emit(self.scrub_ended)
                    yield rng.uniform(0.3, 1.0)
                    self.emit(self.playback_response, rng.random() < 0.95)
                    self.playback = True
                    self.spawn(self.playhead(token))
                    yield rng.uniform(4, 15)
                self.playback = False
                if rng.random() < 0.7:
                    self.emit(self.go_live)
            elif r < 0.8:
                # hold to talk
                if self.get(self.lpath("isMuted")).cd == "true" and rng.random() < 0.7:
                    self.emit(self.mute_toggled, False)
                    yield rng.uniform(0.5, 2)
                self.emit(self.talk_pressed)
                yield rng.uniform(0.2, 0.6)
                self.emit(self.talk_session, rng.random() < 0.95)
                dur = rng.uniform(1.5, 7)
                hz = 20.0
                n = int(dur * hz)
                lvl = {"v": 0.1}

                def level(i):
                    speaking = (i // 12) % 3 != 2
                    lvl["v"] = max(0.0, min(1.0, lvl["v"] * 0.6 + (rng.uniform(0.2, 0.9) if speaking else rng.uniform(0, 0.06)) * 0.4))
                    return (round(lvl["v"], 3),)
                yield from self.gesture(self.input_level, hz=hz, duration=n / hz, args=level)
                self.emit(self.talk_released)
            elif r < 0.9:
                v0 = float(self.get(self.lpath("volume")).cd)
                goal = rng.uniform(0.1, 1.0)
                hz = rng.uniform(55, 62)
                n = max(4, int(hz * rng.uniform(0.3, 1.2)))
                if self.get(self.lpath("isMuted")).cd == "true":
                    self.emit(self.mute_toggled, False)
                    yield rng.uniform(0.5, 2)
                yield from self.gesture(self.volume_changed, hz=hz, duration=n / hz, args=lambda i: (
                    round(v0 + (goal - v0) * (i + 1) / n + rng.uniform(-0.004, 0.004), 3),))
            elif r < 0.95:
                self.emit(self.snapshot_saved)
            else:
                self.emit(self.mute_toggled, self.get(self.lpath("isMuted")).cd != "true")
        yield rng.uniform(1, 5)
        self.playback = False
        self.emit(self.dismissed)

    def camera_settings(self, c):
        rng = self.rng
        self.emit(self.settings_tapped, c)
        yield rng.uniform(2, 6)
        if rng.random() < 0.6:
            v0 = 0.6
            goal = rng.uniform(0.2, 0.95)
            hz = rng.uniform(55, 62)
            n = max(4, int(hz * rng.uniform(0.3, 1.5)))
            yield from self.gesture(self.sensitivity_changed, hz=hz, duration=n / hz, args=lambda i: (
                round(v0 + (goal - v0) * (i + 1) / n + rng.uniform(-0.004, 0.004), 3),))
            yield rng.uniform(1, 3)
        if rng.random() < 0.4:
            old = self.cams[c]["name"]
            new = rng.choice(["Porch", "Front Porch", "Carport", "Patio", "Shed", "Hallway"])
            for k in range(len(old) - 1, -1, -1):
                self.emit(self.camera_name_typed, old[:k])
                yield rng.uniform(0.05, 0.15)
            for k in range(1, len(new) + 1):
                self.emit(self.camera_name_typed, new[:k])
                yield rng.uniform(0.1, 0.4)
            yield rng.uniform(1, 3)
        if rng.random() < 0.4:
            self.emit(self.alerts_toggled, rng.random() < 0.5)
            yield rng.uniform(1, 3)
        self.emit(self.settings_save)
        yield rng.uniform(0.3, 1.2)
        self.emit(self.settings_saved, c)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.dismissed)

    def arm(self, mode):
        rng = self.rng
        if self.arm_mode != "disarmed" and mode == "disarmed":
            code = "".join(rng.choice("0123456789") for _ in range(4))
            for k in range(1, 5):
                self.emit(self.passcode_typed, code[:k])
                yield rng.uniform(0.25, 0.8)
        self.emit(self.mode_selected, mode)
        yield rng.uniform(0.4, 1.5)
        ok = rng.random() < 0.92
        self.emit(self.mode_response, mode, ok)
        if ok and mode == "away":
            self.spawn(self.exit_countdown())

    def exit_countdown(self):
        while self.exit_delay > 0 and self.arm_mode == "away":
            yield 1.0 + self.rng.uniform(-0.004, 0.004)
            if self.arm_mode != "away":
                return
            self.emit(self.exit_delay_ticked)
        if self.arm_mode == "away":
            self.emit(self.exit_delay_finished)

    def download(self, e):
        rng = self.rng
        d = self.uid()
        self.emit(self.download_tapped, e, d)
        p = 0.0
        size = rng.uniform(4, 40)          # MB
        while p < 1.0:
            yield rng.uniform(0.18, 0.3)
            p = round(min(1.0, p + rng.uniform(0.5, 2.5) / size * 0.25 * 4), 2)
            if p >= 1.0:
                break
            self.emit(self.download_progress, d, p)
            if rng.random() < 0.004:
                self.emit(self.download_done, d, False)
                return
        yield rng.uniform(0.05, 0.3)
        self.emit(self.download_done, d, True)

    def person(self):
        rng = self.rng
        think = self.think((2.0, 6.0), (12.0, 30.0), (60, 180), (30, 120))
        yield rng.uniform(1, 3)
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            if r < 0.28:
                c = rng.randrange(len(self.cams))
                if self.cams[c]["status"] == "offline":
                    c = 0
                yield from self.live_view(c)
            elif r < 0.45:
                # the events list: scroll, images load, open or download a clip
                self.emit(self.tab_selected, "events")
                yield rng.uniform(0.2, 0.5)
                shown = list(self.event_ids[:rng.randint(4, 8)])
                for e in shown:
                    self.after(rng.uniform(0.1, 0.9), self.event_thumbnail, e)
                yield rng.uniform(2, 6)
                for _ in range(rng.randint(0, 2)):
                    more = self.event_ids[len(shown):len(shown) + rng.randint(3, 6)]
                    for e in more:
                        self.after(rng.uniform(0.1, 0.6), self.event_thumbnail, e)
                    shown += more
                    yield rng.uniform(1.5, 5)
                if self.event_ids and rng.random() < 0.7:
                    e = rng.choice(self.event_ids[:6])
                    self.emit(self.event_tapped, e)
                    yield rng.uniform(3, 12)
                    if rng.random() < 0.5:
                        self.spawn(self.download(e))
                        yield rng.uniform(2, 8)
                if rng.random() < 0.4:
                    self.emit(self.mark_all_read)
                    yield rng.uniform(0.5, 2)
                yield rng.uniform(2, 10)
                self.emit(self.tab_selected, "cameras")
            elif r < 0.57:
                mode = "disarmed" if self.arm_mode != "disarmed" else rng.choice(["home", "away", "away"])
                yield from self.arm(mode)
            elif r < 0.63:
                yield from self.camera_settings(rng.randrange(len(self.cams)))
            else:
                yield rng.uniform(5, 40)          # watching the grid


# ============================================================================ exchange

MARKETS = [("BTC-USD", 91250.0, 0.5, 1, 0.0001, 5), ("ETH-USD", 3120.0, 0.05, 2, 0.001, 4),
           ("SOL-USD", 141.2, 0.01, 2, 0.01, 2), ("XRP-USD", 0.6123, 0.0001, 4, 1.0, 0),
           ("DOGE-USD", 0.12345, 0.00001, 5, 10.0, 0), ("ADA-USD", 0.4567, 0.0001, 4, 1.0, 0),
           ("LTC-USD", 71.35, 0.01, 2, 0.01, 2), ("AVAX-USD", 24.81, 0.01, 2, 0.01, 2)]
VALIDATION = {"price": "Enter a price", "min": "Below the minimum order size", "funds": "Insufficient balance"}


class Exchange(Base):
    """A crypto exchange: markets with live tickers, the selected market's order book, trade
    tape and candle chart, an order form, open orders with pushed acks and fills, a portfolio.

    noise   trade.orderBook.depthUpdateReceived (price levels, several a second), trade.
            marketTradeReceived (the public tape), markets.tickers.element.tickerUpdated (per
            market), portfolio.pricesUpdated (the value recomputed per price move, a no-op for
            coins not held), trade.chart.candleClosed (each minute), session.keepAliveTimerFired
            and session.pongReceived (30 s), the order form's percentage slider
    either  the order form's price and amount fields and the market search field (keystrokes)
    signal  tabs, market selection, the book snapshot and chart history responses, side and
            order-type pickers, place and cancel with their responses, pushed acks, fills,
            cancellations and balances, connection changes, level taps, scene phase"""

    name = "exchange"
    module = "Exchange"
    process = "Exchange"

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.mk = {}
        tickers = []
        for sym, price, tick, dec, step, adec in MARKETS:
            price = round(price * rng.uniform(0.97, 1.03) / tick) * tick
            self.mk[sym] = {"price": round(price, dec), "open": price * rng.uniform(0.95, 1.05), "tick": tick,
                            "dec": dec, "step": step, "adec": adec, "vol": rng.uniform(2e6, 9e8)}
            tickers.append(self.ticker_state(sym))
        self.syms = [m[0] for m in MARKETS]
        self.held = {"USD": round(rng.uniform(2000, 15000), 2), "BTC-USD": round(rng.uniform(0.02, 0.4), 5),
                     "ETH-USD": round(rng.uniform(0.5, 6), 4), "SOL-USD": round(rng.uniform(5, 80), 2)}
        self.market = "BTC-USD"
        self.tab = "trade"
        self.active = True
        self.connected = True
        self.bids, self.asks = self.fresh_book()
        self.trade_ids = []
        self.orders = []            # [id, side, price, amount, filled]
        self.candle_n = 30
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("trade", "Tab")),
            ("markets", St(self.st("Markets"), [("tickers", Arr(tickers)), ("searchQuery", text(""))])),
            ("trade", St(self.st("Trade"), [
                ("market", text(self.market)),
                ("orderBook", St(self.st("OrderBook"), [("bids", self.levels(self.bids)), ("asks", self.levels(self.asks)),
                                                        ("isLoading", boolean(False))])),
                ("recentTrades", Arr()),
                ("chart", St(self.st("Chart"), [("interval", self.case("oneMinute", "CandleInterval")),
                                                ("candles", self.candles(self.market)), ("isLoading", boolean(False))])),
                ("orderForm", St(self.st("OrderForm"), [
                    ("side", self.case("buy", "OrderSide")), ("orderType", self.case("limit", "OrderType")),
                    ("price", text("")), ("amount", text("")), ("percentage", num(0.0)),
                    ("validationError", NIL), ("isSubmitting", boolean(False))])),
                ("openOrders", Arr())])),
            ("portfolio", St(self.st("Portfolio"), [("balances", Dic({k: num(v) for k, v in self.held.items()})),
                                                    ("totalValue", num(self.total())), ("isRefreshing", boolean(False))])),
            ("session", St(self.st("Session"), [("connection", self.case("connected", "ConnectionState")),
                                                ("lastPongAt", NIL), ("latencyMilliseconds", NIL)])),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values
    def px(self, sym, p):
        m = self.mk[sym]
        return round(round(p / m["tick"]) * m["tick"], m["dec"])

    def ticker_state(self, sym):
        m = self.mk[sym]
        return St(self.st("Ticker"), [("id", text(sym)), ("lastPrice", num(m["price"])),
                                      ("change24h", num(round((m["price"] / m["open"] - 1) * 100, 2))),
                                      ("volume24h", num(round(m["vol"])))])

    def fresh_book(self):
        rng = self.rng
        m = self.mk[self.market]
        p, t = m["price"], m["tick"]
        bids, asks = [], []
        for i in range(12):
            bids.append([self.px(self.market, p - t * (1 + i * rng.randint(1, 4))), self.size()])
            asks.append([self.px(self.market, p + t * (1 + i * rng.randint(1, 4))), self.size()])
        bids.sort(key=lambda x: -x[0])
        asks.sort(key=lambda x: x[0])
        return bids, asks

    def size(self):
        m = self.mk[self.market]
        return round(m["step"] * self.rng.choice([5, 20, 50, 200, 600, 1500, 5000]) * self.rng.uniform(0.5, 3),
                     m["adec"] + 2)

    def level(self, p, sz):
        return St("PriceLevel", [("price", num(p)), ("size", num(sz))])

    def levels(self, side):
        return Arr(self.level(p, sz) for p, sz in side)

    def candles(self, sym):
        rng = self.rng
        m = self.mk[sym]
        p = m["price"]
        out = []
        for i in range(self.candle_n):
            o = p * rng.uniform(0.998, 1.002)
            c = p
            out.append(St("Candle", [("open", num(self.px(sym, o))), ("close", num(self.px(sym, c))),
                                     ("high", num(self.px(sym, max(o, c) * 1.0007))),
                                     ("low", num(self.px(sym, min(o, c) * 0.9993))),
                                     ("volume", num(round(rng.uniform(0.5, 40) * 100 / max(p, 1) * 1000, 3)))]))
            p = o
        out.reverse()
        return Arr(out)

    def total(self):
        v = self.held.get("USD", 0.0)
        for sym, amt in self.held.items():
            if sym != "USD":
                v += amt * self.mk[sym]["price"]
        return round(v, 2)

    def tr(self, inner):
        return self.act("trade", inner)

    def book(self, inner):
        return self.tr(A(self.at("Trade"), "orderBook", inner))

    def form(self, inner):
        return self.tr(A(self.at("Trade"), "orderForm", inner))

    def chart(self, inner):
        return self.tr(A(self.at("Trade"), "chart", inner))

    def user_event(self, inner):
        return self.act("userEvent", inner)

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def trade_visible(self):
        return self.active and self.connected and self.tab == "trade"

    # -- noise: market data
    # reason: the book's levels pushed several times a second (inserts, removals, sizes), in bursts
    # when the market moves; some land beyond the levels kept and change nothing
    @noise
    def depth_update(self):
        rng = self.rng
        sym = self.market
        m = self.mk[sym]
        bid = rng.random() < 0.5
        side = self.bids if bid else self.asks
        key = "bids" if bid else "asks"
        r = rng.random()
        path = ("trade", "orderBook", key)
        if r < 0.12 or not side:
            # a level deeper than the 12 the screen keeps: nothing visible changes
            far = side[-1][0] if side else m["price"]
            p = self.px(sym, far + (-1 if bid else 1) * m["tick"] * rng.randint(1, 30))
            sz = self.size()
        elif r < 0.6:
            i = min(len(side) - 1, int(rng.expovariate(0.35)))
            p = side[i][0]
            sz = round(max(m["step"], side[i][1] * rng.uniform(0.3, 1.8)), m["adec"] + 2)
            side[i][1] = sz
            self.set(path + (("i", i), "size"), num(sz))
        elif r < 0.8 and len(side) > 6:
            i = min(len(side) - 1, int(rng.expovariate(0.4)))
            p, sz = side[i][0], 0.0
            side.pop(i)
            self.remove_at(path, i)
        else:
            i = min(len(side) - 1, int(rng.expovariate(0.4)))
            edge = side[i][0]
            p = self.px(sym, edge + (1 if bid else -1) * m["tick"] * rng.randint(1, 2))
            other = self.asks if bid else self.bids
            if other and ((bid and p >= other[0][0]) or (not bid and p <= other[0][0])) or any(x[0] == p for x in side):
                p = self.px(sym, edge + (-1 if bid else 1) * m["tick"] * 0.5)
            if any(x[0] == p for x in side) or (other and ((bid and p >= other[0][0]) or (not bid and p <= other[0][0]))):
                sz = side[i][1] = round(side[i][1] + m["step"], m["adec"] + 2)
                p = side[i][0]
                self.set(path + (("i", i), "size"), num(sz))
            else:
                sz = self.size()
                side.append([p, sz])
                side.sort(key=(lambda x: -x[0]) if bid else (lambda x: x[0]))
                j = side.index([p, sz])
                self.set(path, self.levels(side))
                if len(side) > 14:
                    side.pop()
                    self.set(path, self.levels(side))
        return self.book(A(self.at("OrderBook"), "depthUpdateReceived", Struct("DepthUpdate", [
            ("side", Raw(".bid" if bid else ".ask")), ("price", fl(p, m["dec"])), ("size", fl(sz, m["adec"] + 2))])))

    # reason: the public tape: other people's trades at the market's pace, whether or not anyone looks
    @noise
    def market_trade(self):
        rng = self.rng
        sym = self.market
        m = self.mk[sym]
        buy = rng.random() < 0.5
        p = self.asks[0][0] if buy and self.asks else (self.bids[0][0] if self.bids else m["price"])
        sz = round(m["step"] * rng.choice([1, 2, 5, 10, 40, 150, 600]) * rng.uniform(0.3, 2), m["adec"] + 2)
        tid = rng.randint(10 ** 8, 10 ** 9)
        trades = self.get(("trade", "recentTrades")).items
        new = St("MarketTrade", [("id", num(tid)), ("price", num(p)), ("size", num(sz)),
                                 ("side", self.case("buy" if buy else "sell", "OrderSide"))])
        # the tape keeps 20-30 trades: trimmed by 10 when it passes 30
        self.set(("trade", "recentTrades"), Arr([new] + (trades[:20] if len(trades) >= 30 else trades)))
        last = self.get(("trade", "chart", "candles")).items
        if last:
            i = len(last) - 1
            self.set(("trade", "chart", "candles", ("i", i), "close"), num(p))
            if p > float(last[i].f["high"].cd):
                self.set(("trade", "chart", "candles", ("i", i), "high"), num(p))
            if p < float(last[i].f["low"].cd):
                self.set(("trade", "chart", "candles", ("i", i), "low"), num(p))
        return self.tr(A(self.at("Trade"), "marketTradeReceived", Struct("MarketTrade", [
            ("id", Raw(str(tid))), ("price", fl(p, m["dec"])), ("size", fl(sz, m["adec"] + 2)),
            ("side", Raw(".buy" if buy else ".sell")), ("time", Raw(self.date().cd))])))

    # reason: each market's ticker pushed at the market's own pace, nudging its price and volume
    @noise
    def ticker_updated(self, sym):
        rng = self.rng
        m = self.mk[sym]
        if sym == self.market and self.bids and self.asks and not self.loading:
            m["price"] = self.px(sym, (self.bids[0][0] + self.asks[0][0]) / 2)   # the book's mid
        else:
            m["price"] = self.px(sym, m["price"] * (1 + rng.gauss(0, 0.0006)))
        m["vol"] += rng.uniform(1000, 90000)
        i = self.syms.index(sym)
        st = self.ticker_state(sym)
        self.set(("markets", "tickers", ("i", i)), st)
        return self.act("markets", A(self.at("Markets"), "tickers", self.element("Ticker", q(sym), A(
            self.at("Ticker"), "tickerUpdated", Struct("TickerUpdate", [
                ("price", fl(m["price"], m["dec"])), ("change24h", Raw(st.f["change24h"].cd)),
                ("volume24h", Raw(st.f["volume24h"].cd))])))))

    # reason: follows every ticker update one-for-one (a machine's cause); a no-op for coins not held
    @noise
    def prices_updated(self, sym):
        self.set(("portfolio", "totalValue"), num(self.total()))
        m = self.mk[sym]
        return self.act("portfolio", A(self.at("Portfolio"), "pricesUpdated", Struct("PriceUpdate", [
            ("symbol", q(sym)), ("price", fl(m["price"], m["dec"]))])))

    # reason: a candle appended on a steady one-minute timer: a new object, but the rhythm is a clock's
    @noise
    def candle_closed(self):
        sym = self.market
        candles = self.get(("trade", "chart", "candles")).items
        if not candles:
            return None
        p = float(candles[-1].f["close"].cd)
        new = St("Candle", [("open", num(p)), ("close", num(p)), ("high", num(p)), ("low", num(p)),
                            ("volume", num(0.0))])
        self.set(("trade", "chart", "candles"), Arr(candles[1:] + [new]))
        return self.chart(A(self.at("Chart"), "candleClosed", Struct("Candle", [
            ("open", fl(p, self.mk[sym]["dec"])), ("time", Raw(self.date().cd))])))

    # reason: a 30 s keep-alive timer with no payload that changes nothing (a no-op)
    @noise
    def keep_alive(self):
        return self.act("session", A(self.at("Session"), "keepAliveTimerFired"))

    # reason: the answer to the 30 s keep-alive ping: a latency measurement
    @noise
    def pong(self, ms):
        self.set(("session", "lastPongAt"), self.date())
        self.set(("session", "latencyMilliseconds"), num(ms))
        return self.act("session", A(self.at("Session"), "pongReceived", latency=Raw(str(ms))))

    # reason: a slider's values while the finger drags it; the order form's pickers are signal
    @noise
    def percentage_dragged(self, pct):
        self.set(("trade", "orderForm", "percentage"), num(pct))
        amount = self.amount_for(pct)
        self.set(("trade", "orderForm", "amount"), text(amount))
        self.validate()
        return self.form(self.binding("OrderForm", "percentage", fl(pct, 3)))

    # -- either
    # reason: a keystroke per record in the price field (validated as typed)
    @either
    def price_typed(self, value):
        self.set(("trade", "orderForm", "price"), text(value))
        self.validate()
        return self.form(self.binding("OrderForm", "price", q(value)))

    # reason: a keystroke per record in the amount field (validated as typed)
    @either
    def amount_typed(self, value):
        self.set(("trade", "orderForm", "amount"), text(value))
        self.validate()
        return self.form(self.binding("OrderForm", "amount", q(value)))

    # reason: a keystroke per record in the markets' search field
    @either
    def search_typed(self, value):
        self.set(("markets", "searchQuery"), text(value))
        return self.act("markets", self.binding("Markets", "searchQuery", q(value)))

    def amount_for(self, pct):
        m = self.mk[self.market]
        side = self.get(("trade", "orderForm", "side")).cd
        if side == ".buy":
            amt = self.held.get("USD", 0) * pct / max(m["price"], 1e-9)
        else:
            amt = self.held.get(self.market, 0) * pct
        q_ = m["step"]
        return ("%." + str(m["adec"]) + "f") % (math.floor(amt / q_) * q_)

    def validate(self):
        f = self.get(("trade", "orderForm"))
        price, amount = f.f["price"].df, f.f["amount"].df
        err = None
        try:
            p = float(price)
        except ValueError:
            p = None
        try:
            a = float(amount)
        except ValueError:
            a = None
        m = self.mk[self.market]
        if f.f["orderType"].cd == ".market":
            p = m["price"]
        if p is None or p <= 0:
            err = VALIDATION["price"] if amount else None
        elif a is not None and 0 < a < m["step"]:
            err = VALIDATION["min"]
        elif a is not None:
            if f.f["side"].cd == ".buy" and a * p > self.held.get("USD", 0):
                err = VALIDATION["funds"]
            if f.f["side"].cd == ".sell" and a > self.held.get(self.market, 0):
                err = VALIDATION["funds"]
        self.set(("trade", "orderForm", "validationError"), NIL if err is None else text(err))
        return err

    # -- signal: navigation, market selection
    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("tabSelected", A("Tab", tab))

    @signal
    def market_tapped(self, sym):
        self.market = sym
        self.tab = "trade"
        self.set(("selectedTab",), self.case("trade", "Tab"))
        self.set(("trade", "market"), text(sym))
        self.set(("trade", "orderBook", "isLoading"), boolean(True))
        self.set(("trade", "chart", "isLoading"), boolean(True))
        self.set(("trade", "recentTrades"), Arr())
        for k in ("price", "amount"):
            self.set(("trade", "orderForm", k), text(""))
        self.set(("trade", "orderForm", "percentage"), num(0.0))
        self.set(("trade", "orderForm", "validationError"), NIL)
        self.set(("trade", "chart", "interval"), self.case("oneMinute", "CandleInterval"))
        return self.act("markets", A(self.at("Markets"), "tickers", self.element("Ticker", q(sym), A(
            self.at("Ticker"), "rowTapped"))))

    # reason: the answer to selecting a market (or to a reconnect), the book replaced at once
    @signal
    def book_snapshot(self):
        self.bids, self.asks = self.fresh_book()
        self.set(("trade", "orderBook", "bids"), self.levels(self.bids))
        self.set(("trade", "orderBook", "asks"), self.levels(self.asks))
        self.set(("trade", "orderBook", "isLoading"), boolean(False))
        return self.book(A(self.at("OrderBook"), "snapshotResponse", self.result("OrderBookSnapshot", True, Struct(
            "OrderBookSnapshot", [("market", q(self.market)), ("bids", Raw(str(len(self.bids)))),
                                  ("asks", Raw(str(len(self.asks)))),
                                  ("sequence", Raw(str(self.rng.randint(10 ** 9, 10 ** 10))))]))))

    @signal
    def history_response(self):
        self.set(("trade", "chart", "candles"), self.candles(self.market))
        self.set(("trade", "chart", "isLoading"), boolean(False))
        return self.chart(A(self.at("Chart"), "historyResponse", self.result("[Candle]", True, Struct(
            "CandlePage", [("market", q(self.market)), ("count", Raw(str(self.candle_n)))]))))

    @signal
    def interval_selected(self, interval):
        self.set(("trade", "chart", "interval"), self.case(interval, "CandleInterval"))
        self.set(("trade", "chart", "isLoading"), boolean(True))
        return self.chart(A(self.at("Chart"), "intervalSelected", interval=Raw("." + interval)))

    @signal
    def level_tapped(self, bid):
        side = self.bids if bid else self.asks
        p = side[min(len(side) - 1, self.rng.randrange(5))][0]
        s = ("%." + str(self.mk[self.market]["dec"]) + "f") % p
        self.set(("trade", "orderForm", "price"), text(s))
        self.validate()
        return self.book(A(self.at("OrderBook"), "levelTapped", price=fl(p, self.mk[self.market]["dec"])))

    @signal
    def side_picked(self, side):
        self.set(("trade", "orderForm", "side"), self.case(side, "OrderSide"))
        self.validate()
        return self.form(self.binding("OrderForm", "side", Raw("." + side)))

    @signal
    def type_picked(self, t):
        self.set(("trade", "orderForm", "orderType"), self.case(t, "OrderType"))
        return self.form(self.binding("OrderForm", "orderType", Raw("." + t)))

    # -- signal: orders
    @signal
    def place_tapped(self):
        self.set(("trade", "orderForm", "isSubmitting"), boolean(True))
        return self.form(A(self.at("OrderForm"), "placeOrderButtonTapped"))

    def order_state(self, o, status):
        oid, side, p, amt, filled, sym, kind = o
        return St(self.st("Order"), [("id", self.uuid_value(oid)), ("market", text(sym)),
                                     ("side", self.case(side, "OrderSide")), ("price", num(p)), ("amount", num(amt)),
                                     ("filled", num(filled)), ("status", self.case(status, "OrderStatus"))])

    @signal
    def place_response(self, ok, o):
        self.set(("trade", "orderForm", "isSubmitting"), boolean(False))
        m = self.mk[self.market]
        if not ok:
            self.set(("trade", "orderForm", "validationError"), text("Order rejected: price too far from market"))
            return self.form(A(self.at("OrderForm"), "placeOrderResponse", self.result("Order", False, Struct(
                "APIError", [("code", q("PRICE_OUT_OF_BAND")), ("status", Raw("400"))]))))
        self.orders.append(o)
        self.append(("trade", "openOrders"), self.order_state(o, "pending"))
        for k in ("price", "amount"):
            self.set(("trade", "orderForm", k), text(""))
        self.set(("trade", "orderForm", "percentage"), num(0.0))
        self.set(("trade", "orderForm", "validationError"), NIL)
        return self.form(A(self.at("OrderForm"), "placeOrderResponse", self.result("Order", True, Struct("Order", [
            ("id", self.uuid_arg(o[0])), ("side", Raw("." + o[1])), ("price", fl(o[2], m["dec"])),
            ("amount", fl(o[3], m["adec"])), ("status", Raw(".pending"))]))))

    def oi(self, oid):
        return next((i for i, o in enumerate(self.orders) if o[0] == oid), None)

    # reason: pushed by the exchange shortly after each order the person placed
    @signal
    def order_acknowledged(self, oid):
        i = self.oi(oid)
        if i is None:
            return None
        self.set(("trade", "openOrders", ("i", i), "status"), self.case("open", "OrderStatus"))
        return self.user_event(A(self.at("UserEvent"), "orderAcknowledged", Struct("OrderUpdate", [
            ("orderID", self.uuid_arg(oid)), ("status", Raw(".open"))])))

    # reason: pushed when the person's order fills, at the market's pace (sometimes in parts)
    @signal
    def order_filled(self, oid, qty):
        i = self.oi(oid)
        if i is None:
            return None
        o = self.orders[i]
        sym = o[5]
        m = self.mk[sym]
        o[4] = round(min(o[3], o[4] + qty), m["adec"])
        full = o[4] >= o[3] - 1e-12
        sign = 1 if o[1] == "buy" else -1
        self.held[sym] = round(self.held.get(sym, 0) + sign * qty, m["adec"] + 2)
        self.held["USD"] = round(self.held["USD"] - sign * qty * o[2], 2)
        update = Struct("Fill", [("orderID", self.uuid_arg(oid)), ("price", fl(o[2], m["dec"])),
                                 ("quantity", fl(qty, m["adec"])), ("filled", fl(o[4], m["adec"])),
                                 ("remaining", fl(max(0.0, o[3] - o[4]), m["adec"]))])
        if full:
            self.orders.pop(i)
            self.remove_at(("trade", "openOrders"), i)
            return self.user_event(A(self.at("UserEvent"), "orderFilled", update))
        self.set(("trade", "openOrders", ("i", i), "filled"), num(o[4]))
        self.set(("trade", "openOrders", ("i", i), "status"), self.case("partiallyFilled", "OrderStatus"))
        return self.user_event(A(self.at("UserEvent"), "orderPartiallyFilled", update))

    # reason: the account's balances pushed after each fill: an echo, but of the person's order
    @signal
    def balances_updated(self):
        self.set(("portfolio", "balances"), Dic({k: num(v) for k, v in self.held.items()}))
        self.set(("portfolio", "totalValue"), num(self.total()))
        return self.user_event(A(self.at("UserEvent"), "balancesUpdated", Struct("Balances", [
            ("usd", fl(self.held["USD"], 2)), ("assets", Raw(str(len(self.held) - 1)))])))

    @signal
    def cancel_tapped(self, oid):
        i = self.oi(oid)
        if i is not None:
            self.set(("trade", "openOrders", ("i", i), "status"), self.case("canceling", "OrderStatus"))
        return self.tr(A(self.at("Trade"), "openOrders", self.element("Order", self.uuid_arg(oid), A(
            self.at("Order"), "cancelButtonTapped"))))

    @signal
    def cancel_response(self, oid, ok):
        i = self.oi(oid)
        if i is None:
            return None
        if not ok:
            o = self.orders[i]
            self.set(("trade", "openOrders", ("i", i), "status"), self.case(
                "partiallyFilled" if o[4] > 0 else "open", "OrderStatus"))
        return self.tr(A(self.at("Trade"), "openOrders", self.element("Order", self.uuid_arg(oid), A(
            self.at("Order"), "cancelResponse", self.result("CancelAck", ok, Struct("CancelAck", [
                ("orderID", self.uuid_arg(oid))]) if ok else Struct("APIError", [
                    ("code", q("ORDER_ALREADY_FILLED")), ("status", Raw("409"))]))))))

    @signal
    def order_canceled(self, oid):
        i = self.oi(oid)
        if i is None:
            return None
        self.orders.pop(i)
        self.remove_at(("trade", "openOrders"), i)
        return self.user_event(A(self.at("UserEvent"), "orderCanceled", Struct("OrderUpdate", [
            ("orderID", self.uuid_arg(oid)), ("status", Raw(".canceled"))])))

    # -- signal: portfolio, session, lifecycle
    @signal
    def portfolio_refresh(self):
        self.set(("portfolio", "isRefreshing"), boolean(True))
        return self.act("portfolio", A(self.at("Portfolio"), "refreshPulled"))

    @signal
    def balances_response(self):
        self.set(("portfolio", "isRefreshing"), boolean(False))
        self.set(("portfolio", "totalValue"), num(self.total()))
        return self.act("portfolio", A(self.at("Portfolio"), "balancesResponse", self.result("[Balance]", True, Struct(
            "BalancePage", [("count", Raw(str(len(self.held))))]))))

    @signal
    def connection_changed(self, state):
        self.connected = state == "connected"
        self.set(("session", "connection"), self.case(state, "ConnectionState"))
        return self.act("session", A(self.at("Session"), "connectionStateChanged", state=Raw("." + state)))

    @signal
    def scene_phase(self, phase):
        self.active = phase == "active"
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # -- processes
    def processes(self):
        ps = [self.book_stream(), self.tape(), self.keep_alive_loop(), self.candles_clock(), self.network(),
              self.lifecycle(), self.person()]
        for sym in self.syms:
            ps.append(self.ticker_stream(sym))
        return ps

    def book_stream(self):
        """Depth updates, a few a second, with bursts when the market moves."""
        rng = self.rng
        burst_until = 0.0
        while True:
            if self.now > burst_until and rng.random() < 0.004:
                burst_until = self.now + rng.uniform(2, 8)
            yield self.expo(0.05 if self.now < burst_until else 0.16)
            if self.trade_visible() and not self.loading:
                self.emit(self.depth_update)

    def tape(self):
        rng = self.rng
        while True:
            yield self.expo(0.9)
            if self.trade_visible() and not self.loading:
                for _ in range(1 if rng.random() < 0.8 else rng.randint(2, 5)):
                    self.emit(self.market_trade)
                    yield rng.uniform(0.001, 0.02)

    def ticker_stream(self, sym):
        rng = self.rng
        mean = {"BTC-USD": 2.5, "ETH-USD": 3.0}.get(sym, rng.uniform(4, 9))
        while True:
            yield self.expo(mean)
            if self.active and self.connected:
                self.emit(self.ticker_updated, sym)
                yield rng.uniform(0.0005, 0.003)
                self.emit(self.prices_updated, sym)

    def candles_clock(self):
        yield 60.0 - (self.now % 60.0) + self.rng.uniform(0, 0.05)
        while True:
            every = {".oneMinute": 1, ".fiveMinutes": 5, ".fifteenMinutes": 15, ".oneHour": 60}[
                self.get(("trade", "chart", "interval")).cd]
            if self.trade_visible() and int(round(self.now / 60.0)) % every == 0:
                self.emit(self.candle_closed)
            yield 60.0 - (self.now % 60.0) + self.rng.uniform(0.0, 0.05)

    def keep_alive_loop(self):
        rng = self.rng
        yield rng.uniform(0, 30)
        while True:
            if self.active and self.connected:
                self.emit(self.keep_alive)
                ms = rng.randint(18, 140)
                yield ms / 1000.0
                self.emit(self.pong, ms)
            yield 30.0 - self.rng.uniform(-0.02, 0.02) - 0.0

    def network(self):
        rng = self.rng
        while True:
            yield self.expo(300)
            if not self.active:
                continue
            self.emit(self.connection_changed, "disconnected")
            yield rng.uniform(1.5, 12)
            self.emit(self.connection_changed, "reconnecting")
            yield rng.uniform(0.3, 2)
            self.emit(self.connection_changed, "connected")
            if self.tab == "trade":
                self.loading = True
                yield rng.uniform(0.2, 0.7)
                self.emit(self.book_snapshot)
                self.loading = False

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(180, 420)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 1.0)
            self.emit(self.scene_phase, "background")
            yield rng.uniform(15, 80)
            self.emit(self.scene_phase, "active")
            if self.tab == "trade":
                self.loading = True
                yield rng.uniform(0.2, 0.8)
                self.emit(self.book_snapshot)
                self.loading = False

    loading = False

    def order_life(self, oid):
        """The exchange's pushes for one order: the ack, then maybe fills (sometimes partial)."""
        rng = self.rng
        yield rng.uniform(0.05, 0.4)
        self.emit(self.order_acknowledged, oid)
        i = self.oi(oid)
        if i is None:
            return
        market_order = self.orders[i][6] == "market"
        if not market_order and rng.random() < 0.35:
            return                              # rests on the book until cancelled
        yield rng.uniform(0.02, 0.2) if market_order else rng.expovariate(1 / 20.0)
        i = self.oi(oid)
        if i is None:
            return
        amt = self.orders[i][3]
        m = self.mk[self.orders[i][5]]
        parts = 1 if rng.random() < 0.55 else rng.randint(2, 4)
        left = amt
        for k in range(parts):
            if self.oi(oid) is None:
                return
            qty = left if k == parts - 1 else round(left * rng.uniform(0.2, 0.6), m["adec"])
            if qty <= 0:
                continue
            left = round(left - qty, m["adec"])
            self.emit(self.order_filled, oid, qty)
            yield rng.uniform(0.05, 0.4)
            self.emit(self.balances_updated)
            if k < parts - 1:
                yield rng.uniform(0.01, 0.1) if market_order else rng.expovariate(1 / 8.0)

    def type_text(self, maker, word):
        rng = self.rng
        for k in range(1, len(word) + 1):
            self.emit(maker, word[:k])
            yield rng.uniform(0.12, 0.5)

    def order_flow(self):
        rng = self.rng
        m = self.mk[self.market]
        if rng.random() < 0.3:
            self.emit(self.side_picked, "sell" if self.get(("trade", "orderForm", "side")).cd == ".buy" else "buy")
            yield rng.uniform(0.5, 2)
        if rng.random() < 0.12:
            self.emit(self.type_picked, "market" if self.get(("trade", "orderForm", "orderType")).cd == ".limit" else "limit")
            yield rng.uniform(0.5, 2)
        if self.get(("trade", "orderForm", "orderType")).cd == ".market":
            pass                                  # a market order has no price
        elif rng.random() < 0.4:
            self.emit(self.level_tapped, rng.random() < 0.5)
            yield rng.uniform(0.8, 3)
        else:
            p = self.px(self.market, m["price"] * rng.uniform(0.995, 1.003))
            yield from self.type_text(self.price_typed, ("%." + str(m["dec"]) + "f") % p)
            yield rng.uniform(0.5, 2)
        if rng.random() < 0.35:
            hz = rng.uniform(55, 62)
            n = max(4, int(hz * rng.uniform(0.4, 1.5)))
            goal = rng.choice([0.25, 0.5, 0.75, 1.0, rng.uniform(0.05, 1.0)])
            yield from self.gesture(self.percentage_dragged, hz=hz, duration=n / hz, args=lambda i: (
                round(min(1.0, goal * (i + 1) / n + rng.uniform(-0.003, 0.003)), 3),))
        else:
            amt = self.amount_for(rng.uniform(0.02, 0.3))
            if float(amt) <= 0:
                amt = ("%." + str(m["adec"]) + "f") % (m["step"] * rng.randint(1, 20))
            yield from self.type_text(self.amount_typed, amt)
        yield rng.uniform(1, 5)
        err = self.get(("trade", "orderForm", "validationError"))
        if err is not NIL and rng.random() < 0.7:
            # fix the amount
            yield from self.type_text(self.amount_typed, ("%." + str(m["adec"]) + "f") % m["step"])
            yield rng.uniform(1, 3)
        if self.get(("trade", "orderForm", "validationError")) is not NIL:
            return
        form = self.get(("trade", "orderForm"))
        try:
            a = float(form.f["amount"].df)
            p = m["price"] if form.f["orderType"].cd == ".market" else float(form.f["price"].df)
        except ValueError:
            return
        self.emit(self.place_tapped)
        yield rng.uniform(0.12, 0.6)
        ok = rng.random() < 0.93
        o = [self.uid(), form.f["side"].cd[1:], p, a, 0.0, self.market, form.f["orderType"].cd[1:]]
        self.emit(self.place_response, ok, o)
        if ok:
            self.spawn(self.order_life(o[0]))

    def person(self):
        rng = self.rng
        think = self.think((1.5, 5.0), (10.0, 30.0), (60, 200), (30, 120))
        yield rng.uniform(1, 3)
        self.loading = True
        self.emit(self.book_snapshot)
        yield rng.uniform(0.1, 0.4)
        self.emit(self.history_response)
        self.loading = False
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            if r < 0.16:
                # pick another market from the list
                if self.tab != "markets":
                    self.emit(self.tab_selected, "markets")
                    yield rng.uniform(2, 10)
                sym = rng.choice([s for s in self.syms if s != self.market])
                if rng.random() < 0.3:
                    yield from self.type_text(self.search_typed, sym.split("-")[0][:rng.randint(1, 3)].lower())
                    yield rng.uniform(0.5, 2)
                self.emit(self.market_tapped, sym)
                self.loading = True
                yield rng.uniform(0.2, 0.7)
                self.emit(self.book_snapshot)
                yield rng.uniform(0.05, 0.5)
                self.emit(self.history_response)
                self.loading = False
                if self.get(("markets", "searchQuery")).df:
                    self.emit(self.search_typed, "")
            elif r < 0.22:
                if self.tab != "markets":
                    self.emit(self.tab_selected, "markets")
                yield rng.uniform(5, 30)
            elif r < 0.52:
                if self.tab != "trade":
                    self.emit(self.tab_selected, "trade")
                    yield rng.uniform(1, 4)
                yield from self.order_flow()
            elif r < 0.64:
                if self.tab == "trade" and self.orders:
                    oid = rng.choice(self.orders)[0]
                    self.emit(self.cancel_tapped, oid)
                    yield rng.uniform(0.1, 0.5)
                    ok = rng.random() < 0.9
                    self.emit(self.cancel_response, oid, ok)
                    if ok:
                        yield rng.uniform(0.05, 0.3)
                        self.emit(self.order_canceled, oid)
            elif r < 0.7:
                if self.tab == "trade":
                    now = self.get(("trade", "chart", "interval")).cd[1:]
                    self.emit(self.interval_selected, rng.choice([x for x in ["oneMinute", "oneMinute", "fiveMinutes",
                                                                              "fifteenMinutes", "oneHour"] if x != now]))
                    self.loading = True
                    yield rng.uniform(0.2, 0.8)
                    self.emit(self.history_response)
                    self.loading = False
            elif r < 0.8:
                self.emit(self.tab_selected, "portfolio")
                yield rng.uniform(2, 8)
                if rng.random() < 0.5:
                    self.emit(self.portfolio_refresh)
                    yield rng.uniform(0.3, 1.2)
                    self.emit(self.balances_response)
                yield rng.uniform(5, 20)
            elif r < 0.88:
                if self.tab != "trade":
                    self.emit(self.tab_selected, "trade")
                yield rng.uniform(10, 40)         # watch the book
            else:
                yield rng.uniform(5, 20)


APPS = {"chess": Chess, "cameras": Cameras, "exchange": Exchange}
