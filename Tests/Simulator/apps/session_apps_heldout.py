"""Held-out apps for tcasim.py (--apps-module), written for issue 41 before the classifier
was changed, each with the shapes the classifier missed on apps it had never seen:

1. per-entity streams at a person's pace (one action per row or per dictionary key, each
   entity every 2-5 s, all together every 0.5-2 s, a new value every time): noise;
2. a timer with +-20-30 % jitter, and a slow timer (about every 30 s) that is always a
   no-op: noise;
3. server pushes in runs (an indicator re-sent several times a second while something
   happens elsewhere, mostly no-ops): noise;
4. a slider's binding streaming beside a toggle's, a stepper's and a text field's binding
   of the same feature (noise, signal, signal, either: labelled per key path);
5. a burst of requests a person asked for, each answered by its response within a few
   hundred milliseconds: signal.

fleet (a dispatcher's map), mixer (an audio mixer) and social (a chat and friends app).
Names are what an app would use, not what the classifier's word lists hold."""

import tcasim
from tcasim import (App, A, Struct, Raw, q, noise, signal, either, V, St, Arr, Dic, En, NIL,
                    num, text, boolean)


def _b(x):
    return Raw("true" if x else "false")


def _f(x):
    return Raw(repr(x))


def jittered(app, maker, period, jitter, when=None, args=()):
    """A timer re-armed after each firing: every `period` seconds +- `jitter` (a fraction)."""
    yield app.rng.uniform(0, period)
    while True:
        if when is None or when():
            app.emit(maker, *args)
        yield period * app.rng.uniform(1 - jitter, 1 + jitter)


# ============================================================================== fleet

class Fleet(App):
    """A dispatcher's map: vehicles reporting their status, ETA refreshes, a keep-alive,
    queue-depth pushes in runs, selection, assignment, and "refresh all" bursts."""

    name = "fleet"
    module = "Dispatch"
    process = "Dispatch"

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.active = True
        self.ids = [self.uid() for _ in range(rng.randint(5, 8))]
        self.pos = {v: [round(rng.uniform(52.3, 52.6), 5), round(rng.uniform(13.2, 13.6), 5)] for v in self.ids}
        rows = [St(self.st("Vehicle"), [("id", self.uuid_value(v)), ("lat", num(self.pos[v][0])),
                                         ("lon", num(self.pos[v][1])), ("speed", num(0.0)),
                                         ("details", NIL), ("isLoading", boolean(False))]) for v in self.ids]
        self.state = St(self.st("AppFeature"), [
            ("vehicles", Arr(rows)), ("selected", NIL), ("etaStamp", num(0)), ("queueDepth", num(3)),
            ("assignment", NIL), ("mapStyle", self.case("standard", "MapStyle")), ("isActive", boolean(True))])

    def vp(self, v, *rest):
        return ("vehicles", ("i", self.ids.index(v))) + rest

    def veh(self, v, inner):
        return self.act("vehicles", self.element("Vehicle", Raw("UUID(%s)" % v), inner))

    @noise
    def status(self, v):
        p = self.pos[v]
        p[0] = round(p[0] + self.rng.uniform(-0.0015, 0.0015), 5)
        p[1] = round(p[1] + self.rng.uniform(-0.0015, 0.0015), 5)
        speed = round(self.rng.uniform(0, 60), 1)
        self.set(self.vp(v, "lat"), num(p[0]))
        self.set(self.vp(v, "lon"), num(p[1]))
        self.set(self.vp(v, "speed"), num(speed))
        return self.veh(v, A(self.at("Vehicle"), "statusReported", Struct("VehicleStatus", [
            ("lat", _f(p[0])), ("lon", _f(p[1])), ("speed", _f(speed))])))

    @noise
    def eta_refresh(self):
        self.set(("etaStamp",), num(int(self.now)))
        return self.act("etaRefreshFired")

    @noise
    def keep_alive(self):
        return self.act("session", A(self.at("Session"), "keepAlive"))

    @noise
    def queue_depth(self, n):
        self.set(("queueDepth",), num(n))
        return self.act("dispatch", A(self.at("Dispatch"), "queueDepthPushed", Raw(str(n))))

    @signal
    def vehicle_tapped(self, v):
        self.set(("selected",), text(v[:8]))
        return self.act("map", A(self.at("Map"), "vehicleTapped", id=Raw("UUID(%s)" % v)))

    @signal
    def assign_tapped(self, v):
        self.set(("assignment",), text(v[:8]))
        return self.act("assignButtonTapped")

    @signal
    def assign_response(self, v):
        self.set(("assignment",), NIL)
        return self.act("assignResponse", self.result("Assignment", True, Struct("Assignment", [("vehicle", q(v[:8]))])))

    @signal
    def style_changed(self, s):
        self.set(("mapStyle",), self.case(s, "MapStyle"))
        return self.act("map", A(self.at("Map"), "styleChanged", style=Raw("." + s if self.tca1 else "MapStyle." + s)))

    @signal
    def refresh_all(self):
        return self.act("refreshAllTapped")

    @signal
    def details_requested(self, v):
        self.set(self.vp(v, "isLoading"), boolean(True))
        return self.veh(v, A(self.at("Vehicle"), "detailsRequested"))

    @signal
    def details_response(self, v):
        self.set(self.vp(v, "isLoading"), boolean(False))
        driver = self.rng.choice(["Ana", "Ben", "Chen", "Dara", "Emil"])
        self.set(self.vp(v, "details"), text(driver))
        return self.veh(v, A(self.at("Vehicle"), "detailsResponse", self.result("VehicleDetails", True, Struct(
            "VehicleDetails", [("driver", q(driver)), ("stops", Raw(str(self.rng.randint(1, 9))))]))))

    @signal
    def lifecycle(self, active):
        self.set(("isActive",), boolean(active))
        return self.act("scenePhaseChanged", A("ScenePhase", "active" if active else "background"))

    def processes(self):
        out = [self.life(), self.user(), self.pushes(),
               jittered(self, self.eta_refresh, 8.0, 0.25, when=lambda: self.active),
               jittered(self, self.keep_alive, 30.0, 0.2)]
        for v in self.ids:
            out.append(jittered(self, self.status, self.rng.uniform(2.0, 5.0), 0.3, when=lambda: self.active, args=(v,)))
        return out

    def pushes(self):
        depth = 3
        while True:
            yield self.expo(35.0)
            if not self.active:
                continue
            end = self.now + self.rng.uniform(3, 10)
            while self.now < end:
                if self.rng.random() < 0.1:
                    depth = max(0, depth + self.rng.choice([-1, 1]))
                self.emit(self.queue_depth, depth)
                yield self.rng.uniform(0.15, 0.35)

    def life(self):
        yield 0.02
        self.emit(self.lifecycle, True)
        while True:
            yield self.rng.uniform(120, 300)
            self.active = False
            self.emit(self.lifecycle, False)
            yield self.rng.uniform(10, 60)
            self.active = True
            self.emit(self.lifecycle, True)

    def user(self):
        rng = self.rng
        think = self.think((2.0, 5.0), (10.0, 30.0))
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            if r < 0.45:
                v = rng.choice(self.ids)
                self.emit(self.vehicle_tapped, v)
                if rng.random() < 0.4:
                    yield rng.uniform(0.8, 3.0)
                    self.emit(self.assign_tapped, v)
                    self.after(rng.uniform(0.2, 0.7), self.assign_response, v)
            elif r < 0.6:
                self.emit(self.style_changed, rng.choice(["standard", "satellite", "traffic"]))
            elif r < 0.66:
                self.emit(self.refresh_all)
                for v in self.ids:
                    yield rng.uniform(0.01, 0.05)
                    self.emit(self.details_requested, v)
                    self.after(rng.uniform(0.12, 0.45), self.details_response, v)


# ============================================================================== mixer

class Mixer(App):
    """An audio mixer: a volume slider's binding streaming, a mute toggle, a tempo stepper
    and a track-name field bound to the same feature; channels' peak-hold expiries; a clock
    sync with jitter; transport; exporting stems (a burst of render requests)."""

    name = "mixer"
    module = "Mixer"
    process = "Mixer"

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.active = True
        self.volume = 0.5
        self.tempo = 120
        self.name_text = "Take"
        self.channels = [self.uid() for _ in range(rng.randint(4, 6))]
        self.stems = [self.uid() for _ in range(rng.randint(4, 8))]
        self.state = St(self.st("AppFeature"), [
            ("mixer", St(self.st("Mixer"), [("volume", num(0.5)), ("isMuted", boolean(False)), ("tempo", num(120)),
                                            ("trackName", text("Take"))])),
            ("channels", Arr([St(self.st("Channel"), [("id", self.uuid_value(c)), ("peak", num(0.0))])
                              for c in self.channels])),
            ("transport", St(self.st("Transport"), [("isPlaying", boolean(False)), ("drift", num(0.0))])),
            ("stems", Arr([St(self.st("Stem"), [("id", self.uuid_value(s)), ("url", NIL), ("isRendering", boolean(False))])
                           for s in self.stems])),
            ("isActive", boolean(True))])

    def m(self, inner):
        return self.act("mixer", inner)

    @noise
    def volume_dragged(self, v):
        self.set(("mixer", "volume"), num(v))
        return self.m(self.binding("Mixer", "volume", _f(v)))

    @signal
    def mute_toggled(self):
        on = self.get(("mixer", "isMuted")).cd != "true"
        self.set(("mixer", "isMuted"), boolean(on))
        return self.m(self.binding("Mixer", "isMuted", _b(on)))

    @signal
    def tempo_stepped(self, up):
        self.tempo += 1 if up else -1
        self.set(("mixer", "tempo"), num(self.tempo))
        return self.m(self.binding("Mixer", "tempo", Raw(str(self.tempo))))

    @either
    def name_typed(self, s):
        self.set(("mixer", "trackName"), text(s))
        return self.m(self.binding("Mixer", "trackName", q(s)))

    @noise
    def peak_expired(self, c):
        i = self.channels.index(c)
        self.set(("channels", ("i", i), "peak"), num(round(self.rng.uniform(-30, 0), 1)))
        return self.act("channels", self.element("Channel", Raw("UUID(%s)" % c), A(self.at("Channel"), "peakHoldExpired")))

    @noise
    def clock_synced(self):
        self.set(("transport", "drift"), num(round(self.rng.uniform(-2, 2), 2)))
        return self.act("transport", A(self.at("Transport"), "clockSynced"))

    @signal
    def play(self, on):
        self.set(("transport", "isPlaying"), boolean(on))
        return self.act("transport", A(self.at("Transport"), "playButtonTapped" if on else "stopButtonTapped"))

    @signal
    def export_tapped(self):
        return self.act("exportTapped")

    @signal
    def render_requested(self, s):
        i = self.stems.index(s)
        self.set(("stems", ("i", i), "isRendering"), boolean(True))
        return self.act("stems", self.element("Stem", Raw("UUID(%s)" % s), A(self.at("Stem"), "renderRequested")))

    @signal
    def render_response(self, s):
        i = self.stems.index(s)
        self.set(("stems", ("i", i), "isRendering"), boolean(False))
        self.set(("stems", ("i", i), "url"), text("file:///stems/%s.wav" % s[:6]))
        return self.act("stems", self.element("Stem", Raw("UUID(%s)" % s), A(self.at("Stem"), "renderResponse",
                                                                                 self.result("URL", True, q("file:///stems/%s.wav" % s[:6])))))

    @signal
    def lifecycle(self, active):
        self.set(("isActive",), boolean(active))
        return self.act("scenePhaseChanged", A("ScenePhase", "active" if active else "background"))

    def processes(self):
        out = [self.life(), self.user(), jittered(self, self.clock_synced, 4.0, 0.3, when=lambda: self.active)]
        for c in self.channels:
            out.append(jittered(self, self.peak_expired, self.rng.uniform(2.0, 5.0), 0.3, when=lambda: self.active, args=(c,)))
        return out

    def life(self):
        yield 0.02
        self.emit(self.lifecycle, True)
        while True:
            yield self.rng.uniform(150, 360)
            self.active = False
            self.emit(self.lifecycle, False)
            yield self.rng.uniform(10, 40)
            self.active = True
            self.emit(self.lifecycle, True)

    def user(self):
        rng = self.rng
        think = self.think((1.5, 4.0), (6.0, 20.0))
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            if r < 0.15:
                v0, goal = self.volume, rng.uniform(0, 1)
                n = rng.uniform(30, 120)

                def val(i, v0=v0, goal=goal, n=n):
                    return (round(v0 + (goal - v0) * min(1.0, (i + 1) / n) + rng.uniform(-0.002, 0.002), 4),)
                yield from self.gesture(self.volume_dragged, hz=60, args=val, duration=rng.uniform(0.5, 2.5))
                self.volume = goal
            elif r < 0.3:
                self.emit(self.mute_toggled)
            elif r < 0.45:
                up = rng.random() < 0.5
                for _ in range(rng.randint(1, 4)):
                    self.emit(self.tempo_stepped, up)
                    yield rng.uniform(0.25, 0.7)
            elif r < 0.58:
                word = rng.choice(["Verse", "Chorus", "Bridge", "Outro", "Intro"]) + " " + str(rng.randint(1, 9))
                for k in range(1, len(word) + 1):
                    self.emit(self.name_typed, word[:k])
                    yield rng.uniform(0.12, 0.35)
            elif r < 0.8:
                self.emit(self.play, not (self.get(("transport", "isPlaying")).cd == "true"))
            elif r < 0.9:
                self.emit(self.export_tapped)
                for s in self.stems:
                    yield rng.uniform(0.01, 0.05)
                    self.emit(self.render_requested, s)
                    self.after(rng.uniform(0.15, 0.5), self.render_response, s)


# ============================================================================= social

FRIENDS = ["ana", "ben", "chen", "dara", "emil", "farah", "gus", "hana"]


class Social(App):
    """A chat and friends app: friends' live status by dictionary key, typing indicators
    re-sent in runs, a jittered feed refresh, a slow badge check that never changes
    anything, messages, likes, a composer, and "mark all read" bursts."""

    name = "social"
    module = "Social"
    process = "Social"

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.active = True
        self.friends = rng.sample(FRIENDS, rng.randint(4, 7))
        self.threads = [self.uid() for _ in range(rng.randint(4, 7))]
        self.state = St(self.st("AppFeature"), [
            ("friends", Dic({f: St("FriendStatus", [("distance", num(1.0)), ("battery", num(80))])
                             for f in self.friends})),
            ("typing", NIL), ("feedStamp", num(0)), ("badge", num(0)),
            ("threads", Arr([St(self.st("Thread"), [("id", self.uuid_value(t)), ("unread", num(rng.randint(0, 5))),
                                                     ("isMarking", boolean(False))]) for t in self.threads])),
            ("messages", num(0)), ("draft", text("")), ("likes", num(0)), ("isActive", boolean(True))])

    @noise
    def friend_update(self, f):
        d = round(self.rng.uniform(0.1, 30.0), 2)
        b = self.rng.randint(5, 100)
        self.set(("friends", ("k", f)), St("FriendStatus", [("distance", num(d)), ("battery", num(b))]))
        return self.act("friendsUpdated", Raw('["%s": FriendStatus(distance: %r, battery: %d)]' % (f, d, b)))

    @noise
    def typing(self, f):
        self.set(("typing",), text(f))
        return self.act("chat", A(self.at("Chat"), "typingIndicatorReceived", userID=q(f)))

    @noise
    def feed_refresh(self):
        if self.rng.random() < 0.6:
            self.set(("feedStamp",), num(int(self.now)))
        return self.act("feed", A(self.at("Feed"), "refreshTimerFired"))

    @noise
    def badge_check(self):
        return self.act("badgeCheck")

    @signal
    def message_received(self, f):
        self.set(("typing",), NIL)
        self.set(("messages",), num(int(self.get(("messages",)).cd) + 1))
        return self.act("chat", A(self.at("Chat"), "messageReceived", Struct("Message", [
            ("from", q(f)), ("text", q(self.rng.choice(["ok", "on my way", "lol", "see you", "nice"])))])))

    @either
    def draft_typed(self, s):
        self.set(("draft",), text(s))
        return self.act("composer", self.binding("Composer", "draft", q(s)))

    @signal
    def send_tapped(self):
        self.set(("draft",), text(""))
        return self.act("composer", A(self.at("Composer"), "sendButtonTapped"))

    @signal
    def send_response(self):
        self.set(("messages",), num(int(self.get(("messages",)).cd) + 1))
        return self.act("composer", A(self.at("Composer"), "sendResponse", self.result("MessageID", True, q(self.uid()[:8]))))

    @signal
    def liked(self):
        self.set(("likes",), num(int(self.get(("likes",)).cd) + 1))
        return self.act("feed", A(self.at("Feed"), "likeTapped", postID=q(self.uid()[:6])))

    @signal
    def mark_all(self):
        return self.act("markAllReadTapped")

    @signal
    def mark_requested(self, t):
        i = self.threads.index(t)
        self.set(("threads", ("i", i), "isMarking"), boolean(True))
        return self.act("threads", self.element("Thread", Raw("UUID(%s)" % t), A(self.at("Thread"), "markReadRequested")))

    @signal
    def mark_response(self, t):
        i = self.threads.index(t)
        self.set(("threads", ("i", i), "isMarking"), boolean(False))
        self.set(("threads", ("i", i), "unread"), num(0))
        return self.act("threads", self.element("Thread", Raw("UUID(%s)" % t), A(self.at("Thread"), "markReadResponse",
                                                                                    self.result("Bool", True, Raw("true")))))

    @signal
    def lifecycle(self, active):
        self.set(("isActive",), boolean(active))
        return self.act("scenePhaseChanged", A("ScenePhase", "active" if active else "background"))

    def processes(self):
        out = [self.life(), self.user(), self.chats(),
               jittered(self, self.feed_refresh, 10.0, 0.25, when=lambda: self.active),
               jittered(self, self.badge_check, 30.0, 0.25)]
        for f in self.friends:
            out.append(jittered(self, self.friend_update, self.rng.uniform(2.0, 5.0), 0.3, when=lambda: self.active, args=(f,)))
        return out

    def chats(self):
        while True:
            yield self.expo(30.0)
            if not self.active:
                continue
            f = self.rng.choice(self.friends)
            end = self.now + self.rng.uniform(2, 8)
            while self.now < end:
                self.emit(self.typing, f)
                yield self.rng.uniform(0.15, 0.35)
            self.emit(self.message_received, f)

    def life(self):
        yield 0.02
        self.emit(self.lifecycle, True)
        while True:
            yield self.rng.uniform(120, 300)
            self.active = False
            self.emit(self.lifecycle, False)
            yield self.rng.uniform(10, 60)
            self.active = True
            self.emit(self.lifecycle, True)

    def user(self):
        rng = self.rng
        think = self.think((2.0, 5.0), (8.0, 25.0))
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            if r < 0.35:
                word = rng.choice(["hey", "on it", "sounds good", "where are you", "lunch?"])
                for k in range(1, len(word) + 1):
                    self.emit(self.draft_typed, word[:k])
                    yield rng.uniform(0.1, 0.3)
                self.emit(self.send_tapped)
                self.after(rng.uniform(0.15, 0.6), self.send_response)
            elif r < 0.7:
                self.emit(self.liked)
            elif r < 0.75:
                self.emit(self.mark_all)
                for t in self.threads:
                    yield rng.uniform(0.01, 0.05)
                    self.emit(self.mark_requested, t)
                    self.after(rng.uniform(0.12, 0.45), self.mark_response, t)


APPS = {"fleet": Fleet, "mixer": Mixer, "social": Social}
