"""Three simulated apps by author-ah: a social audio rooms app, a GPS dog collar app and a
golf GPS and scorecard app, each over a session of a person using it.

audiorooms (Hallway): a social audio rooms app. The person opens the hallway of live rooms,
whose listener counts the server pushes per room every few seconds, picks a category, and
joins a room. In a room the RTC client reports each speaker's audio level five times a
second and the loudest speaker whenever it changes, the network quality every two seconds;
listeners join and leave, reactions fly in bursts and fade after three seconds, listeners
raise hands and the moderator brings some up to speak, speakers mute and unmute. The person
reacts, opens a speaker's profile and follows them, locks the phone for a while (the audio
plays on), leaves, schedules a room of their own in a form, joins another room, raises a hand,
is invited to speak, unmutes and talks, and leaves. The connection degrades and drops once
in a while, and reconnects.

pettracker (Pawtrail): a GPS collar app for a dog. The collar reports its fix, battery and
activity every two minutes; the dog slips out of the garden, the geofence raises an alert,
and the person turns on live tracking: the collar then sends a fix every two to three
seconds while the app keeps the live session alive every thirty seconds and follows the
person's own location each second. The person shares the live location with a family member,
whose phone pushes that they are watching (and a message); finds the dog, turns live off,
walks it home with a walk timer and the phone's location each second, saves the walk, looks
at the day's walks and the activity chart (scrubbing it), opens a walk's detail, names a
place with a name field and a radius slider, and updates the collar's firmware, whose
transfer reports its progress and usually fails once before a retry.

golf (FairwayPro): a golf GPS and scorecard app, on the last two holes of a round in a cart.
Location updates each second drive the distances to the front, middle and back of the green,
the compass heading streams while the phone turns, a round clock ticks. The paired watch
activates, comes and goes out of reach, sends the heart rate every five seconds and marks a
shot now and then. Two playing partners' phones push their positions every five seconds or so
and their scores after each hole. The player checks the hole map (pinch-zooming it, tapping
hazards), tracks each shot with its club, enters the scores for the group with steppers,
moves to the next hole, and after the eighteenth reviews the round's statistics and posts
the round with a caption. Weather and wind refresh every five minutes.
"""

import math

from tcasim import A, App, Arr, Dic, En, NIL, Raw, St, Struct, V, boolean, either, noise, num, q, signal, text

AUTHOR = "author-ah"

FIRST = ["Maya", "Jordan", "Priya", "Tomás", "Aiko", "Sam", "Lena", "Kwame", "Noor", "Diego", "Hana",
         "Elliot", "Ines", "Ravi", "Zoe", "Marcus", "Yuki", "Ada", "Omar", "Clara", "Felix", "Sofia",
         "Ben", "Mei", "Jonas", "Leila", "Arjun", "Chloe", "Mateo", "Fatima"]
LAST = ["R.", "K.", "Okafor", "Lindqvist", "Chen", "Alvarez", "Park", "Nakamura", "Haddad", "Becker",
        "Silva", "Moreau", "Ivanova", "Nguyen"]


def fmt(x, nd):
    """A Double as Swift prints it, rounded."""
    return repr(round(float(x), nd))


class _Base(App):
    """Helpers shared by the three apps."""

    roots = ("AppAction", "AppFeature.Action")

    def pres(self, feature, inner):
        """`.presented(inner)` of a PresentationAction."""
        return A("PresentationAction<%s>" % self.at(feature), "presented", inner)

    def dismissed(self, feature):
        return A("PresentationAction<%s>" % self.at(feature), "dismiss")

    def delegate(self, feature, case, *args, **kw):
        return A(self.at(feature), "delegate", A(self.at(feature) + ".Delegate", case, *args, **kw))

    def person_name(self):
        return "%s %s" % (self.rng.choice(FIRST), self.rng.choice(LAST))

    def short_id(self, prefix):
        return "%s_%06x" % (prefix, self.rng.getrandbits(24))

    def flag(self, b):
        return Raw("true" if b else "false")


# ===================================================================== audiorooms

ROOM_TITLES = [("Late-night Swift chat", "iOS Devs"), ("Is remote work over?", "Future of Work"),
               ("Vinyl Sunday: 70s soul", "Crate Diggers"), ("Founders AMA: seed rounds", "Startup Club"),
               ("Learning Japanese together", "Language Exchange"), ("NBA trade deadline", "Hoops Talk"),
               ("Open mic poetry", "Spoken Word"), ("Climate tech pitches", "Green Builders"),
               ("Design critique hour", "Design Circle"), ("Running a first marathon", "Run Club"),
               ("AI and the music industry", "Sound & Code"), ("Sourdough troubleshooting", "Bread Heads"),
               ("Photography: street vs studio", "Shutter"), ("Indie game postmortems", "Game Makers"),
               ("Morning meditation", "Calm Collective"), ("Crypto winter stories", "Web3 Skeptics")]
CATEGORIES = ["For you", "Tech", "Music", "Sports", "Wellness", "Business"]
REACTIONS = ["👏", "🔥", "😂", "❤️", "💯", "🙌", "😮"]
SCHEDULE_TITLES = ["Swift concurrency office hours", "Ask me anything: indie apps", "Friday design jam",
                   "Shipping your first TCA feature"]
SCHEDULE_ABOUT = ["Bring your questions", "Open to everyone, hands up to speak", "Casual chat, no slides"]


class AudioRooms(_Base):
    name = "audiorooms"
    module = "Hallway"
    process = "Hallway"

    def __init__(self, session):
        _Base.__init__(self, session)
        rng = self.rng
        self.me = rng.randrange(100000, 999999)
        self.my_name = "Alex Moreno"
        self.room_ids = []          # the hallway's rows, in order
        self.info = {}              # room id -> title, club, counts
        self.pool = list(ROOM_TITLES)
        rng.shuffle(self.pool)
        self.joined = None          # the room the person is in
        self.gen = 0                # bumps on every join and leave: the room's streams stop
        self.spk = []               # speaker uids, in the room state's order
        self.spk_info = {}          # uid -> name, muted, level, moderator
        self.lst = []               # listener uids, in order
        self.lst_names = {}
        self.hands = set()
        self.reaction_ids = []
        self.talker = None
        self.connected = True
        self.me_speaker = False
        self.me_muted = True
        self.me_talking = False
        self.invite_pending = False
        self.state = St(self.st("AppFeature"), [
            ("hallway", St(self.st("Hallway"), [
                ("category", text("For you")), ("rooms", Arr()), ("isLoading", boolean(False)),
                ("upcoming", Arr()), ("destination", NIL)])),
            ("room", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values and paths
    def new_room(self):
        if not self.pool:
            self.pool = list(ROOM_TITLES)
            self.rng.shuffle(self.pool)
        title, club = self.pool.pop()
        rid = self.short_id("rm")
        self.info[rid] = {"title": title, "club": club, "listeners": int(self.rng.lognormvariate(math.log(60), 0.9)) + 3,
                          "speakers": self.rng.randint(2, 7)}
        return rid

    def row_value(self, rid):
        i = self.info[rid]
        return St(self.st("RoomRow"), [("id", text(rid)), ("title", text(i["title"])), ("club", text(i["club"])),
                                       ("speakerCount", num(i["speakers"])), ("listenerCount", num(i["listeners"]))])

    def hall(self, inner):
        return self.act("hallway", inner)

    def row(self, rid, inner):
        return self.hall(A(self.at("Hallway"), "rooms", self.element("RoomRow", q(rid), inner)))

    def rpath(self, rid, *rest):
        return ("hallway", "rooms", ("i", self.room_ids.index(rid))) + rest

    def room(self, inner):
        return self.act("room", self.pres("Room", inner))

    def spk_row(self, uid, inner):
        return self.room(A(self.at("Room"), "speakers", self.element("Speaker", Raw(str(uid)), inner)))

    def spath(self, uid, *rest):
        return ("room", "speakers", ("i", self.spk.index(uid))) + rest

    def speaker_value(self, uid):
        s = self.spk_info[uid]
        return St(self.st("Speaker"), [("id", num(uid)), ("name", text(s["name"])),
                                       ("isModerator", boolean(s["mod"])), ("isMuted", boolean(s["muted"])),
                                       ("isSpeaking", boolean(False)), ("level", num(0.0))])

    def listener_value(self, uid):
        return St("Listener", [("id", num(uid)), ("name", text(self.lst_names[uid])),
                               ("isHandRaised", boolean(uid in self.hands))])

    def schedule(self, inner):
        return self.hall(A(self.at("Hallway"), "destination", self.pres(
            "Hallway.Destination", A(self.at("Hallway.Destination"), "scheduleRoom", inner))))

    def profile(self, inner):
        return self.room(A(self.at("Room"), "destination", self.pres(
            "Room.Destination", A(self.at("Room.Destination"), "profile", inner))))

    def in_room(self):
        return self.joined is not None and self.get(("room",)) is not NIL

    # -- noise
    @noise
    def listener_count_changed(self, rid, n):
        if rid not in self.room_ids:
            return None
        self.set(self.rpath(rid, "listenerCount"), num(n))
        return self.row(rid, A(self.at("RoomRow"), "listenerCountChanged", Raw(str(n))))

    @noise
    def audio_level(self, uid, level):
        if not self.in_room() or uid not in self.spk:
            return None
        self.spk_info[uid]["level"] = level
        self.set(self.spath(uid, "level"), num(level))
        self.set(self.spath(uid, "isSpeaking"), boolean(level >= 0.1))
        return self.spk_row(uid, A(self.at("Speaker"), "audioLevelChanged", Raw(fmt(level, 2))))

    # reason: the RTC client's dominant-speaker callback, derived from the level stream; it
    # follows the conversation's rhythm, not the person's, and only moves an id.
    @noise
    def active_speaker_changed(self, uid):
        if not self.in_room() or uid not in self.spk:
            return None
        self.set(("room", "activeSpeakerID"), num(uid))
        return self.room(A(self.at("Room"), "activeSpeakerChanged", Raw(str(uid))))

    @noise
    def quality_reported(self, rtt, loss, quality):
        if not self.in_room():
            return None
        self.set(("room", "connection", "quality"), self.case(quality, "NetworkQuality"))
        self.set(("room", "connection", "rttMs"), num(rtt))
        self.set(("room", "connection", "packetLoss"), num(loss))
        return self.room(A(self.at("Room"), "networkQualityReported", Struct("NetworkQualityReport", [
            ("uplink", Raw("." + quality)), ("downlink", Raw("." + quality)), ("rttMs", Raw(str(rtt))),
            ("packetLossRate", Raw(fmt(loss, 3)))])))

    # reason: the fade-out of a reaction, a fixed 3 s after it arrived; an echo of its arrival.
    @noise
    def reaction_expired(self, rid, reaction_id):
        if self.joined != rid or not self.in_room() or reaction_id not in self.reaction_ids:
            return None
        i = self.reaction_ids.index(reaction_id)
        self.reaction_ids.pop(i)
        self.remove_at(("room", "reactions"), i)
        return self.room(A(self.at("Room"), "reactionExpired", id=Raw("UUID(%s)" % reaction_id if self.tca1 else
                                                                        reaction_id)))

    # -- either
    @either
    def schedule_typed(self, field, value):
        self.set(("hallway", "destination", ("e", "scheduleRoom"), field), text(value))
        return self.schedule(self.binding("ScheduleRoom", field, q(value)))

    # -- signal: the hallway
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def hallway_appeared(self):
        self.set(("hallway", "isLoading"), boolean(True))
        return self.hall(A(self.at("Hallway"), "onAppear"))

    @signal
    def category_tapped(self, category):
        self.set(("hallway", "category"), text(category))
        self.set(("hallway", "isLoading"), boolean(True))
        return self.hall(A(self.at("Hallway"), "categoryTapped", q(category)))

    @signal
    def refresh_pulled(self):
        self.set(("hallway", "isLoading"), boolean(True))
        return self.hall(A(self.at("Hallway"), "refreshPulled"))

    @signal
    def rooms_response(self):
        keep = [r for r in self.room_ids if r == self.joined or self.rng.random() < 0.4]
        fresh = [self.new_room() for _ in range(self.rng.randint(8, 11) - len(keep))]
        old = set(self.room_ids)
        self.room_ids = keep + fresh
        self.set(("hallway", "rooms"), Arr(self.row_value(r) for r in self.room_ids))
        self.set(("hallway", "isLoading"), boolean(False))
        for r in self.room_ids:
            if r not in old:
                self.spawn(self.room_presence(r))
        return self.hall(A(self.at("Hallway"), "roomsResponse", self.result("[RoomSummary]", True, Struct(
            "RoomsPage", [("count", Raw(str(len(self.room_ids)))), ("cursor", q(self.short_id("cur")))]))))

    @signal
    def room_started(self):
        rid = self.new_room()
        i = self.info[rid]
        i["listeners"] = self.rng.randint(1, 12)
        self.room_ids.insert(0, rid)
        self.set(("hallway", "rooms"), Arr([self.row_value(rid)] + self.get(("hallway", "rooms")).items))
        self.spawn(self.room_presence(rid))
        return self.hall(A(self.at("Hallway"), "roomStarted", Struct("RoomSummary", [
            ("id", q(rid)), ("title", q(i["title"])), ("club", q(i["club"]))])))

    @signal
    def room_ended(self, rid):
        if rid not in self.room_ids or rid == self.joined:
            return None
        self.remove_at(("hallway", "rooms"), self.room_ids.index(rid))
        self.room_ids.remove(rid)
        return self.hall(A(self.at("Hallway"), "roomEnded", id=q(rid)))

    @signal
    def row_tapped(self, rid):
        self.joined = rid
        self.gen += 1
        self.spk, self.spk_info, self.lst, self.lst_names, self.hands = [], {}, [], {}, set()
        self.reaction_ids = []
        self.talker = None
        self.connected = True
        self.me_speaker = self.me_talking = self.invite_pending = False
        self.me_muted = True
        i = self.info[rid]
        self.set(("room",), St(self.st("Room"), [
            ("id", text(rid)), ("title", text(i["title"])), ("status", self.case("joining", "Room.Status")),
            ("speakers", Arr()), ("listeners", Arr()), ("activeSpeakerID", NIL), ("reactions", Arr()),
            ("me", St("Me", [("role", self.case("listener", "Role")), ("isMuted", boolean(True)),
                             ("isHandRaised", boolean(False))])),
            ("connection", St("Connection", [("status", self.case("connecting", "ConnectionStatus")),
                                             ("quality", self.case("unknown", "NetworkQuality")),
                                             ("rttMs", num(0)), ("packetLoss", num(0.0))])),
            ("destination", NIL), ("alert", NIL)]))
        return self.row(rid, A(self.at("RoomRow"), "tapped"))

    @signal
    def join_response(self, rid):
        if self.joined != rid:
            return None
        rng = self.rng
        i = self.info[rid]
        for k in range(i["speakers"]):
            uid = rng.randrange(100000, 999999)
            self.spk.append(uid)
            self.spk_info[uid] = {"name": self.person_name(), "mod": k == 0, "muted": k > 1 and rng.random() < 0.5,
                                  "level": 0.0}
        for _ in range(min(i["listeners"], 60)):
            uid = rng.randrange(100000, 999999)
            self.lst.append(uid)
            self.lst_names[uid] = self.person_name()
        self.set(("room", "speakers"), Arr(self.speaker_value(u) for u in self.spk))
        self.set(("room", "listeners"), Arr(self.listener_value(u) for u in self.lst))
        self.set(("room", "status"), self.case("live", "Room.Status"))
        self.set(("room", "connection", "status"), self.case("connected", "ConnectionStatus"))
        return self.room(A(self.at("Room"), "joinResponse", self.result("RoomSession", True, Struct("RoomSession", [
            ("channel", q(rid)), ("uid", Raw(str(self.me))), ("speakers", Raw(str(len(self.spk)))),
            ("listeners", Raw(str(i["listeners"]))), ("token", q(self.uid()[:12]))]))))

    # -- signal: in a room, from the server
    # reason: presence events, but each inserts a person with a new id into the room's list,
    # which the room's UI shows; sparse and irregular, not a value re-sent.
    @signal
    def listener_joined(self, rid):
        if self.joined != rid or not self.in_room():
            return None
        uid = self.rng.randrange(100000, 999999)
        self.lst_names[uid] = self.person_name()
        self.lst.append(uid)
        self.append(("room", "listeners"), self.listener_value(uid))
        return self.room(A(self.at("Room"), "listenerJoined", Struct("Listener", [
            ("id", Raw(str(uid))), ("name", q(self.lst_names[uid]))])))

    # reason: sibling of listenerJoined: removes a person from the list.
    @signal
    def listener_left(self, rid, uid):
        if self.joined != rid or not self.in_room() or uid not in self.lst:
            return None
        self.remove_at(("room", "listeners"), self.lst.index(uid))
        self.lst.remove(uid)
        self.hands.discard(uid)
        return self.room(A(self.at("Room"), "listenerLeft", id=Raw(str(uid))))

    # reason: each reaction is a new object sent by a person in the room (like a chat
    # message), even though they come in bursts.
    @signal
    def reaction_received(self, rid, emoji, sender):
        if self.joined != rid or not self.in_room():
            return None
        rid_ = self.uid()
        self.reaction_ids.append(rid_)
        self.append(("room", "reactions"), St("Reaction", [("id", self.uuid_value(rid_)), ("emoji", text(emoji)),
                                                           ("from", text(sender))]))
        self.after(3.0 + self.rng.uniform(0.0, 0.02), self.reaction_expired, rid, rid_)
        return self.room(A(self.at("Room"), "reactionReceived", Struct("Reaction", [
            ("id", Raw("UUID(%s)" % rid_ if self.tca1 else rid_)), ("emoji", q(emoji)), ("from", q(sender))])))

    @signal
    def hand_raised(self, rid, uid):
        if self.joined != rid or not self.in_room() or uid not in self.lst:
            return None
        self.hands.add(uid)
        self.set(("room", "listeners", ("i", self.lst.index(uid)), "isHandRaised"), boolean(True))
        return self.room(A(self.at("Room"), "handRaised", userID=Raw(str(uid))))

    @signal
    def speaker_added(self, rid, uid):
        if self.joined != rid or not self.in_room() or uid not in self.lst:
            return None
        name = self.lst_names[uid]
        self.remove_at(("room", "listeners"), self.lst.index(uid))
        self.lst.remove(uid)
        self.hands.discard(uid)
        self.spk.append(uid)
        self.spk_info[uid] = {"name": name, "mod": False, "muted": True, "level": 0.0}
        self.append(("room", "speakers"), self.speaker_value(uid))
        return self.room(A(self.at("Room"), "speakerAdded", Struct("Speaker", [
            ("id", Raw(str(uid))), ("name", q(name)), ("invitedBy", q(self.spk_info[self.spk[0]]["name"]))])))

    # reason: pushed when a speaker taps their own mute button: a person's act elsewhere that
    # changes a status, sparse and irregular.
    @signal
    def speaker_mute_changed(self, rid, uid, muted):
        if self.joined != rid or not self.in_room() or uid not in self.spk:
            return None
        self.spk_info[uid]["muted"] = muted
        self.set(self.spath(uid, "isMuted"), boolean(muted))
        return self.spk_row(uid, A(self.at("Speaker"), "muteChanged", self.flag(muted)))

    @signal
    def connection_state(self, rid, status):
        if self.joined != rid or not self.in_room():
            return None
        self.set(("room", "connection", "status"), self.case(status, "ConnectionStatus"))
        return self.room(A(self.at("Room"), "connectionStateChanged", A("ConnectionStatus", status)))

    # -- signal: in a room, the person
    @signal
    def reaction_tapped(self, emoji):
        rid_ = self.uid()
        self.reaction_ids.append(rid_)
        self.append(("room", "reactions"), St("Reaction", [("id", self.uuid_value(rid_)), ("emoji", text(emoji)),
                                                           ("from", text(self.my_name))]))
        self.after(3.0 + self.rng.uniform(0.0, 0.02), self.reaction_expired, self.joined, rid_)
        return self.room(A(self.at("Room"), "reactionButtonTapped", q(emoji)))

    @signal
    def speaker_tapped(self, uid):
        self.set(("room", "destination"), En(self.st("Room.Destination"), "profile", St(self.st("Profile"), [
            ("userID", num(uid)), ("name", text(self.spk_info[uid]["name"])), ("bio", NIL), ("followers", NIL),
            ("isFollowing", boolean(False))])))
        return self.spk_row(uid, A(self.at("Speaker"), "tapped"))

    @signal
    def profile_response(self, uid):
        if not self.in_room() or self.get(("room", "destination")) is NIL:
            return None
        bio = self.rng.choice(["Building things in Swift", "Host of the Thursday rooms", "Coffee, code, cats",
                               "Product @ a small startup", "Music nerd"])
        followers = self.rng.randint(80, 24000)
        p = ("room", "destination", ("e", "profile"))
        self.set(p + ("bio",), text(bio))
        self.set(p + ("followers",), num(followers))
        return self.profile(A(self.at("Profile"), "profileResponse", self.result("UserProfile", True, Struct(
            "UserProfile", [("id", Raw(str(uid))), ("bio", q(bio)), ("followers", Raw(str(followers)))]))))

    @signal
    def follow_tapped(self):
        self.set(("room", "destination", ("e", "profile"), "isFollowing"), boolean(True))
        return self.profile(A(self.at("Profile"), "followButtonTapped"))

    @signal
    def follow_response(self):
        if not self.in_room() or self.get(("room", "destination")) is NIL:
            return None
        p = ("room", "destination", ("e", "profile"), "followers")
        self.set(p, num(int(self.get(p).cd) + 1))
        return self.profile(A(self.at("Profile"), "followResponse", self.result("Bool", True, Raw("true"))))

    @signal
    def profile_dismissed(self):
        self.set(("room", "destination"), NIL)
        return self.room(A(self.at("Room"), "destination", self.dismissed("Room.Destination")))

    @signal
    def raise_hand_tapped(self):
        self.set(("room", "me", "isHandRaised"), boolean(True))
        return self.room(A(self.at("Room"), "raiseHandButtonTapped"))

    @signal
    def raise_hand_response(self):
        if not self.in_room():
            return None
        return self.room(A(self.at("Room"), "raiseHandResponse", self.result("Bool", True, Raw("true"))))

    @signal
    def invite_received(self, rid):
        if self.joined != rid or not self.in_room():
            return None
        self.invite_pending = True
        host = self.spk_info[self.spk[0]]["name"]
        self.set(("room", "alert"), St("AlertState<%s.Alert>" % self.at("Room"), [
            ("title", text("%s invited you to speak" % host)), ("message", text("Join the stage?"))]))
        return self.room(A(self.at("Room"), "inviteToSpeakReceived", Struct("SpeakerInvite", [
            ("from", Raw(str(self.spk[0]))), ("name", q(host))])))

    @signal
    def invite_accepted(self):
        self.set(("room", "alert"), NIL)
        self.invite_pending = False
        return self.room(A(self.at("Room"), "alert", self.pres("Room.Alert", A(self.at("Room.Alert"),
                                                                                "acceptInviteTapped"))))

    @signal
    def role_change_response(self):
        if not self.in_room():
            return None
        self.me_speaker = True
        self.me_muted = True
        self.set(("room", "me", "role"), self.case("speaker", "Role"))
        self.set(("room", "me", "isHandRaised"), boolean(False))
        self.spk.append(self.me)
        self.spk_info[self.me] = {"name": self.my_name, "mod": False, "muted": True, "level": 0.0}
        self.append(("room", "speakers"), self.speaker_value(self.me))
        return self.room(A(self.at("Room"), "roleChangeResponse", self.result("RoleChange", True, Struct(
            "RoleChange", [("role", Raw(".speaker")), ("muted", Raw("true"))]))))

    @signal
    def mute_tapped(self):
        self.me_muted = not self.me_muted
        self.spk_info[self.me]["muted"] = self.me_muted
        self.set(("room", "me", "isMuted"), boolean(self.me_muted))
        self.set(self.spath(self.me, "isMuted"), boolean(self.me_muted))
        return self.room(A(self.at("Room"), "muteButtonTapped"))

    @signal
    def leave_tapped(self):
        self.set(("room", "status"), self.case("leaving", "Room.Status"))
        return self.room(A(self.at("Room"), "leaveButtonTapped"))

    @signal
    def did_leave(self):
        rid = self.joined
        action = self.room(self.delegate("Room", "didLeave", id=q(rid)))
        self.set(("room",), NIL)
        self.joined = None
        self.gen += 1
        self.me_talking = False
        return action

    # -- signal: scheduling a room
    @signal
    def schedule_tapped(self):
        start = self.date(self.now + 86400 + 3600 * self.rng.randint(1, 8) - self.now % 3600)
        self.set(("hallway", "destination"), En(self.st("Hallway.Destination"), "scheduleRoom", St(
            self.st("ScheduleRoom"), [("title", text("")), ("about", text("")), ("startsAt", start),
                                      ("notifyFollowers", boolean(True)), ("isSubmitting", boolean(False))])))
        return self.hall(A(self.at("Hallway"), "scheduleRoomButtonTapped"))

    @signal
    def schedule_date(self, t):
        d = self.date(t)
        self.set(("hallway", "destination", ("e", "scheduleRoom"), "startsAt"), d)
        return self.schedule(self.binding("ScheduleRoom", "startsAt", Raw(d.cd)))

    @signal
    def schedule_notify(self, on):
        self.set(("hallway", "destination", ("e", "scheduleRoom"), "notifyFollowers"), boolean(on))
        return self.schedule(self.binding("ScheduleRoom", "notifyFollowers", self.flag(on)))

    @signal
    def schedule_submit(self):
        self.set(("hallway", "destination", ("e", "scheduleRoom"), "isSubmitting"), boolean(True))
        return self.schedule(A(self.at("ScheduleRoom"), "submitButtonTapped"))

    @signal
    def schedule_response(self, sid):
        p = ("hallway", "destination", ("e", "scheduleRoom"))
        title = self.get(p + ("title",)).df
        starts = self.get(p + ("startsAt",))
        self.set(p + ("isSubmitting",), boolean(False))
        return self.schedule(A(self.at("ScheduleRoom"), "scheduleResponse", self.result("ScheduledRoom", True, Struct(
            "ScheduledRoom", [("id", q(sid)), ("title", q(title)), ("startsAt", Raw(starts.cd))]))))

    @signal
    def schedule_delegate(self, sid):
        p = ("hallway", "destination", ("e", "scheduleRoom"))
        title = self.get(p + ("title",)).df
        starts = self.get(p + ("startsAt",))
        action = self.schedule(self.delegate("ScheduleRoom", "scheduled", id=q(sid)))
        self.append(("hallway", "upcoming"), St("ScheduledRoom", [("id", text(sid)), ("title", text(title)),
                                                                  ("startsAt", starts)]))
        self.set(("hallway", "destination"), NIL)
        return action

    @signal
    def schedule_cancelled(self):
        self.set(("hallway", "destination"), NIL)
        return self.hall(A(self.at("Hallway"), "destination", self.dismissed("Hallway.Destination")))

    # -- processes
    def processes(self):
        return [self.person(), self.hallway_server()]

    def room_presence(self, rid):
        """The server batches a room's presence and pushes its count every few seconds, when it moved."""
        rng = self.rng
        period = rng.uniform(4.0, 7.0)
        yield rng.uniform(0.5, period)
        while rid in self.room_ids:
            i = self.info[rid]
            step = int(round(rng.gauss(0.4, 2.0 + i["listeners"] * 0.02)))
            if step:
                i["listeners"] = max(1, i["listeners"] + step)
                self.emit(self.listener_count_changed, rid, i["listeners"])
            yield period * rng.uniform(0.97, 1.03)

    def hallway_server(self):
        rng = self.rng
        while True:
            yield self.expo(70.0)
            if not self.room_ids:
                continue
            if rng.random() < 0.55:
                self.emit(self.room_started)
            elif len(self.room_ids) > 5:
                self.emit(self.room_ended, rng.choice(self.room_ids))

    # -- in a room
    def start_room_streams(self, rid):
        gen = self.gen
        self.spawn(self.levels(rid, gen))
        self.spawn(self.network(rid, gen))
        self.spawn(self.presence(rid, gen))
        self.spawn(self.reactions(rid, gen))
        self.spawn(self.stage(rid, gen))

    def alive(self, rid, gen):
        return self.gen == gen and self.joined == rid

    def levels(self, rid, gen):
        """The RTC client's volume indication: every 200 ms, each speaker's level."""
        rng = self.rng
        period = 0.2
        due = self.now + rng.uniform(0.05, 0.2)
        switch_at = self.now
        k = 0
        announced = None
        while True:
            fire = max(self.now + 0.0005, due + period * k + rng.uniform(-0.01, 0.01))
            k += 1
            yield fire - self.now
            if not self.alive(rid, gen):
                return
            if not self.connected:
                continue
            if self.me_talking:
                talker = self.me
            else:
                if self.now >= switch_at or self.talker not in self.spk or self.talker == self.me:
                    others = [u for u in self.spk if u != self.me]
                    weights = [3.0 if self.spk_info[u]["mod"] else 1.0 for u in others]
                    new = rng.choices(others, weights)[0]
                    old = self.talker
                    self.talker = new
                    switch_at = self.now + min(60.0, 2.0 + self.expo(9.0))
                    if self.spk_info[new]["muted"]:
                        self.emit(self.speaker_mute_changed, rid, new, False)
                    if old is not None and old != new and old in self.spk and old != self.me \
                            and rng.random() < 0.3:
                        self.after(rng.uniform(0.5, 3.0), self.speaker_mute_changed, rid, old, True)
                talker = self.talker
            if talker != announced:
                announced = talker
                self.after(rng.uniform(0.6, 1.5), self.active_speaker_changed, talker)
            for uid in list(self.spk):
                info = self.spk_info[uid]
                if uid == talker and not info["muted"]:
                    level = round(rng.uniform(0.0, 0.05), 2) if rng.random() < 0.2 else round(rng.uniform(0.15, 0.9), 2)
                elif not info["muted"] and info["level"] == 0.0 and rng.random() < 0.01:
                    level = round(rng.uniform(0.1, 0.3), 2)   # a laugh, an "mm-hm"
                else:
                    level = 0.0
                if level != info["level"]:
                    self.emit(self.audio_level, uid, level)

    def network(self, rid, gen):
        """Network quality every 2 s; now and then the link degrades and drops."""
        rng = self.rng
        base = rng.uniform(45, 110)
        drop_at = self.now + rng.uniform(60, 400) if rng.random() < 0.7 else None
        due = self.now + rng.uniform(0.5, 2.0)
        k = 0
        while True:
            fire = max(self.now + 0.0005, due + 2.0 * k + rng.uniform(-0.02, 0.02))
            k += 1
            yield fire - self.now
            if not self.alive(rid, gen):
                return
            bad = drop_at is not None and drop_at - 14 <= self.now < drop_at + 6
            if not self.connected:
                quality, rtt, loss = "down", 0, 1.0
            elif bad:
                rtt = int(rng.uniform(350, 1200))
                loss = round(rng.uniform(0.08, 0.35), 3)
                quality = "bad" if loss > 0.2 else "poor"
            else:
                rtt = int(base + rng.gauss(0, 12))
                loss = round(max(0.0, rng.gauss(0.005, 0.006)), 3)
                quality = "excellent" if rtt < 80 and loss < 0.01 else "good"
            self.emit(self.quality_reported, rtt, loss, quality)
            if drop_at is not None and self.now >= drop_at and self.connected:
                self.connected = False
                self.emit(self.connection_state, rid, "reconnecting")
                self.spawn(self.reconnect(rid, gen), rng.uniform(2.5, 9.0))
                drop_at = None

    def reconnect(self, rid, gen):
        yield 0.0
        if self.alive(rid, gen):
            self.connected = True
            self.emit(self.connection_state, rid, "connected")

    def presence(self, rid, gen):
        rng = self.rng
        while True:
            yield self.expo(5.0)
            if not self.alive(rid, gen):
                return
            if not self.connected:
                continue
            if rng.random() < 0.55 or len(self.lst) < 5:
                self.emit(self.listener_joined, rid)
            else:
                self.emit(self.listener_left, rid, rng.choice(self.lst))

    def reactions(self, rid, gen):
        rng = self.rng
        while True:
            yield self.expo(22.0)
            if not self.alive(rid, gen):
                return
            if not self.connected:
                continue
            emoji = rng.choice(REACTIONS)
            for _ in range(rng.randint(1, 12)):
                self.emit(self.reaction_received, rid, emoji if rng.random() < 0.7 else rng.choice(REACTIONS),
                          rng.choice([self.lst_names[u] for u in self.lst[:30]] or ["Guest"]))
                yield rng.uniform(0.1, 0.7)

    def stage(self, rid, gen):
        """Listeners raising hands; the moderator bringing some up."""
        rng = self.rng
        while True:
            yield self.expo(45.0)
            if not self.alive(rid, gen):
                return
            cands = [u for u in self.lst if u not in self.hands]
            if not cands:
                continue
            uid = rng.choice(cands)
            self.emit(self.hand_raised, rid, uid)
            if rng.random() < 0.5 and len(self.spk) < 9:
                self.after(rng.uniform(8, 40), self.speaker_added, rid, uid)

    # -- the person
    def person(self):
        rng = self.rng
        yield rng.uniform(0.3, 0.8)
        self.emit(self.hallway_appeared)
        yield rng.uniform(0.4, 1.2)
        self.emit(self.rooms_response)
        yield from self.browse(rng.uniform(20, 50))
        yield from self.visit(rng.uniform(150, 260), speak=False)
        yield from self.browse(rng.uniform(8, 25))
        yield from self.schedule_room()
        yield from self.browse(rng.uniform(10, 30))
        yield from self.visit(rng.uniform(200, 320), speak=True)
        while True:
            yield from self.browse(rng.uniform(20, 60))
            yield from self.visit(rng.uniform(60, 200), speak=False)

    def browse(self, dur):
        rng = self.rng
        end = self.now + dur
        while self.now < end:
            yield rng.uniform(3, 12)
            r = rng.random()
            if r < 0.25:
                self.emit(self.category_tapped, rng.choice(CATEGORIES))
                yield rng.uniform(0.3, 0.9)
                self.emit(self.rooms_response)
            elif r < 0.4:
                self.emit(self.refresh_pulled)
                yield rng.uniform(0.4, 1.3)
                self.emit(self.rooms_response)

    def visit(self, dur, speak):
        rng = self.rng
        rid = rng.choice(self.room_ids[:6])
        self.emit(self.row_tapped, rid)
        yield rng.uniform(0.5, 1.6)
        self.emit(self.join_response, rid)
        self.start_room_streams(rid)
        end = self.now + dur
        followed = False
        locked = False
        hand_at = self.now + rng.uniform(20, 60) if speak else None
        invite_at = None
        unmute_at = None
        talk_until = None
        while self.now < end:
            yield rng.uniform(1.0, 3.0)
            if locked:
                continue
            if hand_at is not None and self.now >= hand_at:
                hand_at = None
                self.emit(self.raise_hand_tapped)
                yield rng.uniform(0.15, 0.5)
                self.emit(self.raise_hand_response)
                invite_at = self.now + rng.uniform(15, 70)
                continue
            if invite_at is not None and self.now >= invite_at:
                invite_at = None
                self.emit(self.invite_received, rid)
                yield rng.uniform(1.5, 5.0)
                self.emit(self.invite_accepted)
                yield rng.uniform(0.3, 1.0)
                self.emit(self.role_change_response)
                unmute_at = self.now + rng.uniform(4, 15)
                end = max(end, self.now + 60)
                continue
            if unmute_at is not None and self.now >= unmute_at:
                unmute_at = None
                self.emit(self.mute_tapped)
                yield rng.uniform(0.5, 1.5)
                self.me_talking = True
                talk_until = self.now + rng.uniform(20, 60)
                continue
            if talk_until is not None:
                if self.now >= talk_until:
                    talk_until = None
                    self.me_talking = False
                    yield rng.uniform(0.5, 2.0)
                    self.emit(self.mute_tapped)
                continue
            r = rng.random()
            if r < 0.08:
                n = rng.randint(1, 5)
                emoji = rng.choice(REACTIONS)
                for _ in range(n):
                    self.emit(self.reaction_tapped, emoji)
                    yield rng.uniform(0.25, 0.8)
            elif r < 0.12 and not followed and self.connected:
                followed = True
                uid = rng.choice([u for u in self.spk if u != self.me])
                self.emit(self.speaker_tapped, uid)
                yield rng.uniform(0.3, 0.9)
                self.emit(self.profile_response, uid)
                yield rng.uniform(3.0, 10.0)
                if rng.random() < 0.8:
                    self.emit(self.follow_tapped)
                    yield rng.uniform(0.2, 0.6)
                    self.emit(self.follow_response)
                    yield rng.uniform(1.0, 4.0)
                self.emit(self.profile_dismissed)
            elif r < 0.135 and not speak:
                locked = True
                self.emit(self.scene_phase, "background")
                back = rng.uniform(40, 110)
                yield back
                self.emit(self.scene_phase, "active")
                locked = False
        if self.in_room():
            if self.me_talking:
                self.me_talking = False
            self.emit(self.leave_tapped)
            yield rng.uniform(0.1, 0.4)
            self.emit(self.did_leave)

    def schedule_room(self):
        rng = self.rng
        self.emit(self.schedule_tapped)
        yield rng.uniform(1.0, 3.0)
        for field, words in (("title", rng.choice(SCHEDULE_TITLES)), ("about", rng.choice(SCHEDULE_ABOUT))):
            typed = ""
            for ch in words:
                if rng.random() < 0.04 and typed:
                    self.emit(self.schedule_typed, field, typed + rng.choice("qwertyuiop"))
                    yield rng.uniform(0.15, 0.5)
                    self.emit(self.schedule_typed, field, typed)
                    yield rng.uniform(0.1, 0.3)
                typed += ch
                self.emit(self.schedule_typed, field, typed)
                yield rng.uniform(0.08, 0.35) if ch != " " else rng.uniform(0.15, 0.7)
            yield rng.uniform(1.5, 5.0)
        for _ in range(rng.randint(1, 3)):
            self.emit(self.schedule_date, self.now + 86400 * rng.randint(1, 6) + 1800 * rng.randint(0, 20)
                      - self.now % 1800)
            yield rng.uniform(1.5, 6.0)
        if rng.random() < 0.5:
            self.emit(self.schedule_notify, False)
            yield rng.uniform(0.8, 3.0)
        self.emit(self.schedule_submit)
        yield rng.uniform(0.4, 1.4)
        sid = self.short_id("sch")
        self.emit(self.schedule_response, sid)
        self.emit(self.schedule_delegate, sid)


# ===================================================================== pettracker

HOME = (45.52312, -122.67651)
M_LAT = 1.0 / 111320.0
M_LON = 1.0 / (111320.0 * math.cos(math.radians(HOME[0])))
FAMILY = [("fm_01", "Dana"), ("fm_02", "Theo"), ("fm_03", "Grandma Ruth")]
PLACE_NAMES = ["Dog park", "Laurelhurst Park", "Vet", "Grandma's", "Beach trail"]
MESSAGES = ["I can see him near the bakery!", "He's heading to the park", "Omw to help", "Got him on the map"]


class PetTracker(_Base):
    name = "pettracker"
    module = "Pawtrail"
    process = "Pawtrail"

    def __init__(self, session):
        _Base.__init__(self, session)
        rng = self.rng
        self.dog = [rng.uniform(-8, 8), rng.uniform(-8, 8)]     # metres east, north of home
        self.dog_v = [0.0, 0.0]
        self.user = [0.0, 0.0]
        self.escaped_at = None
        self.catchable = None
        self.found = False
        self.live = False
        self.live_gen = 0
        self.walking = False
        self.walk_gen = 0
        self.tab = "map"
        self.on_map = True
        self.battery = rng.randint(55, 90)
        self.battery_f = float(self.battery)
        self.trail_n = 0
        self.viewers = []
        self.sharing = False
        self.stack_next = 0
        self.walk_ids = []
        self.dfu = 0.0
        self.dfu_failed = False
        self.dfu_state = "idle"
        self.place_ids = ["pl_home"]
        self.last_fix_at = -rng.uniform(10, 100)
        self.last_seen = None
        walks = []
        for k in range(rng.randint(1, 3)):
            wid = self.short_id("wk")
            self.walk_ids.append(wid)
            walks.append(self.walk_row(wid, 7 * 3600 + k * 4 * 3600 - 86400 * 0, rng.randint(900, 2700),
                                       rng.randint(1200, 4200)))
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("map", "Tab")),
            ("map", St(self.st("Map"), [
                ("dog", self.dog_pin(self.last_fix_at)), ("lastSeen", text("1 min ago")), ("user", NIL), ("heading", NIL),
                ("distanceToDog", NIL), ("trail", Arr()), ("camera", self.camera(self.dog, 400)),
                ("isFollowingDog", boolean(True)), ("destination", NIL)])),
            ("collar", St(self.st("Collar"), [
                ("name", text("Bella")), ("isOnline", boolean(False)), ("isNearby", boolean(False)),
                ("battery", num(self.battery)), ("isCharging", boolean(False)),
                ("activity", self.case("resting", "Activity")), ("mode", self.case("standard", "TrackingMode")),
                ("liveUntil", NIL), ("signal", self.case("lte", "CollarSignal"))])),
            ("geofence", St(self.st("Geofence"), [
                ("zones", Arr([St("Zone", [("id", text("pl_home")), ("name", text("Home")), ("radius", num(60))])])),
                ("dogInside", text("pl_home"))])),
            ("alert", NIL),
            ("sharing", St(self.st("Sharing"), [("status", self.case("off", "Sharing.Status")), ("viewers", Arr()),
                                                ("messages", Arr()), ("destination", NIL)])),
            ("walk", NIL),
            ("activity", St(self.st("Activity"), [
                ("day", self.date(0)), ("summary", NIL), ("walks", Arr(walks)), ("scrubbedHour", NIL),
                ("isLoading", boolean(False))])),
            ("path", Dic(quoted=False, ordered=True)),
            ("places", St(self.st("Places"), [
                ("places", Arr([St("Place", [("id", text("pl_home")), ("name", text("Home")), ("radius", num(60))])])),
                ("destination", NIL)])),
            ("firmware", St(self.st("Firmware"), [
                ("installed", text("4.1.2")), ("available", NIL), ("status", self.case("idle", "Firmware.Status"))])),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values
    def coord(self, xy):
        return round(HOME[0] + xy[1] * M_LAT, 6), round(HOME[1] + xy[0] * M_LON, 6)

    def coord_value(self, xy):
        lat, lon = self.coord(xy)
        return St("Coordinate", [("latitude", num(lat)), ("longitude", num(lon))])

    def coord_arg(self, xy, **extra):
        lat, lon = self.coord(xy)
        return Struct("CLLocationCoordinate2D", [("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon)))])

    def dog_pin(self, t, acc=6):
        return St("DogPin", [("coordinate", self.coord_value(self.dog)), ("accuracy", num(acc)),
                             ("updatedAt", self.date(max(0, t)))])

    def camera(self, xy, span):
        lat, lon = self.coord(xy)
        return St("MapCamera", [("latitude", num(round(lat, 5))), ("longitude", num(round(lon, 5))),
                                ("spanMeters", num(span))])

    def walk_row(self, wid, t, secs, metres):
        return St("WalkRow", [("id", text(wid)), ("startedAt", self.date(t)), ("duration", num(secs)),
                              ("distance", num(metres))])

    def dist(self, a, b):
        return math.hypot(a[0] - b[0], a[1] - b[1])

    def mp(self, inner):
        return self.act("map", inner)

    def collar(self, inner):
        return self.act("collar", inner)

    def share(self, inner):
        return self.act("sharing", inner)

    def walk_act(self, inner):
        return self.act("walk", self.pres("Walk", inner))

    def fw(self, inner):
        return self.act("firmware", inner)

    def add_place(self, inner):
        return self.act("places", A(self.at("Places"), "destination", self.pres(
            "Places.Destination", A(self.at("Places.Destination"), "addPlace", inner))))

    def stack(self, inner_case, id_):
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "element",
                                  id=Raw("#%d" % id_), action=A(self.at("Path"), "walkDetail", inner_case)))

    def update_distance(self):
        if self.get(("map", "user")) is not NIL:
            self.set(("map", "distanceToDog"), num(int(round(self.dist(self.dog, self.user)))))

    # -- noise
    # reason: the collar's own upload every 2 minutes, steady, whatever the person does; it
    # moves the pin and the battery a little.
    @noise
    def report_received(self, acc, activity):
        self.last_fix_at = self.now
        self.battery = int(self.battery_f)
        self.set(("map", "dog"), self.dog_pin(self.now, acc))
        self.set(("collar", "battery"), num(self.battery))
        self.set(("collar", "activity"), self.case(activity, "Activity"))
        if self.get(("map", "isFollowingDog")).cd == "true":
            self.set(("map", "camera"), self.camera(self.dog, float(self.get(("map", "camera", "spanMeters")).cd)))
        self.update_distance()
        lat, lon = self.coord(self.dog)
        return self.collar(A(self.at("Collar"), "reportReceived", Struct("CollarReport", [
            ("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon))), ("accuracy", Raw(str(acc))),
            ("battery", Raw(str(self.battery))), ("activity", Raw("." + activity))])))

    @noise
    def live_fix(self, acc, speed):
        self.last_fix_at = self.now
        self.battery = int(self.battery_f)
        self.set(("map", "dog"), self.dog_pin(self.now, acc))
        self.set(("collar", "battery"), num(self.battery))
        self.set(("collar", "activity"), self.case("running" if speed > 1.8 else "walking" if speed > 0.4 else
                                                   "resting", "Activity"))
        self.append(("map", "trail"), self.coord_value(self.dog))
        if len(self.get(("map", "trail")).items) > 40:
            self.remove_at(("map", "trail"), 0)
        if self.get(("map", "isFollowingDog")).cd == "true":
            self.set(("map", "camera"), self.camera(self.dog, float(self.get(("map", "camera", "spanMeters")).cd)))
        self.update_distance()
        lat, lon = self.coord(self.dog)
        return self.collar(A(self.at("Collar"), "liveFixReceived", Struct("GPSFix", [
            ("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon))), ("accuracy", Raw(str(acc))),
            ("speed", Raw(fmt(speed, 1))), ("battery", Raw(str(self.battery)))])))

    @noise
    def keepalive_tick(self):
        return self.collar(A(self.at("Collar"), "liveKeepAliveTick"))

    # reason: the answer to the 30 s keep-alive timer, not to the person; it only pushes the
    # session's expiry stamp forward.
    @noise
    def keepalive_response(self):
        if not self.live:
            return None
        self.set(("collar", "liveUntil"), self.date(self.now + 300))
        return self.collar(A(self.at("Collar"), "liveKeepAliveResponse", self.result("Date", True,
                                                                                     Raw(self.date(self.now + 300).cd))))

    @noise
    def user_location(self):
        fix = [self.user[0] + self.rng.gauss(0, 1.5), self.user[1] + self.rng.gauss(0, 1.5)]
        self.set(("map", "user"), self.coord_value(fix))
        self.update_distance()
        lat, lon = self.coord(fix)
        return self.mp(A(self.at("Map"), "userLocationUpdated", Struct("CLLocation", [
            ("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon))),
            ("horizontalAccuracy", Raw(fmt(self.rng.uniform(3, 12), 1)))])))

    @noise
    def heading_updated(self, deg):
        self.set(("map", "heading"), num(deg))
        return self.mp(A(self.at("Map"), "headingUpdated", Raw(fmt(deg, 1))))

    @noise
    def rssi_updated(self, rssi):
        p = ("map", "destination", ("e", "findNearby"))
        if self.get(("map", "destination")) is NIL:
            return None
        self.set(p + ("rssi",), num(rssi))
        self.set(p + ("proximity",), self.case("immediate" if rssi > -60 else "near" if rssi > -78 else "far",
                                               "Proximity"))
        return self.mp(A(self.at("Map"), "destination", self.pres("Map.Destination", A(
            self.at("Map.Destination"), "findNearby", A(self.at("FindNearby"), "rssiUpdated", Raw(str(rssi)))))))

    @noise
    def last_seen_ticked(self):
        ago = int(self.now - self.last_fix_at)
        label = "just now" if ago < 60 else "%d min ago" % (ago // 60)
        self.set(("map", "lastSeen"), text(label))
        return self.mp(A(self.at("Map"), "relativeTimeTicked"))

    @noise
    def camera_changed(self, lat, lon, span):
        self.set(("map", "isFollowingDog"), boolean(False))
        self.set(("map", "camera"), St("MapCamera", [("latitude", num(lat)), ("longitude", num(lon)),
                                                     ("spanMeters", num(span))]))
        return self.mp(A(self.at("Map"), "cameraChanged", Struct("MapCamera", [
            ("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon))), ("spanMeters", Raw(repr(span)))])))

    # reason: a viewer's presence heartbeat, every ~10 s per family member while they watch;
    # it re-stamps a time.
    @noise
    def viewer_seen(self, vid):
        if vid not in self.viewers:
            return None
        self.set(("sharing", "viewers", ("i", self.viewers.index(vid)), "lastSeenAt"), self.date())
        return self.share(A(self.at("Sharing"), "viewers", self.element("Viewer", q(vid), A(
            self.at("Viewer"), "heartbeat", at=Raw(self.date().cd)))))

    @noise
    def walk_ticked(self):
        if not self.walking:
            return None
        p = ("walk", "elapsed")
        self.set(p, num(int(self.get(p).cd) + 1))
        return self.walk_act(A(self.at("Walk"), "timerTicked"))

    @noise
    def walk_location(self, step):
        if not self.walking:
            return None
        p = ("walk", "distance")
        self.set(p, num(round(float(self.get(p).cd) + step, 1)))
        self.set(("walk", "points"), num(int(self.get(("walk", "points")).cd) + 1))
        lat, lon = self.coord(self.user)
        return self.walk_act(A(self.at("Walk"), "locationUpdated", Struct("CLLocation", [
            ("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon))), ("speed", Raw(fmt(step, 2)))])))

    @noise
    def chart_scrubbed(self, x):
        hour = max(0, min(23, int(x / 14.5)))
        self.set(("activity", "scrubbedHour"), num(hour))
        return self.act("activity", A(self.at("Activity"), "chartScrubbed", x=Raw(fmt(x, 1))))

    @noise
    def radius_slid(self, r):
        self.set(("places", "destination", ("e", "addPlace"), "radius"), num(r))
        return self.add_place(self.binding("AddPlace", "radius", Raw(repr(float(r)))))

    @noise
    def dfu_progress(self, p):
        self.set(("firmware", "status"), En(self.st("Firmware.Status"), "transferring", num(p), label="progress"))
        return self.fw(A(self.at("Firmware"), "transferProgress", Raw(fmt(p, 2))))

    # reason: a 5 s poll of the collar's install status while it reboots; no-ops until done.
    @noise
    def install_polled(self):
        return self.fw(A(self.at("Firmware"), "installStatusPolled"))

    # -- either
    @either
    def place_typed(self, value):
        self.set(("places", "destination", ("e", "addPlace"), "name"), text(value))
        return self.add_place(self.binding("AddPlace", "name", q(value)))

    # -- signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def map_appeared(self):
        return self.mp(A(self.at("Map"), "onAppear"))

    @signal
    def status_response(self):
        self.set(("collar", "isOnline"), boolean(True))
        lat, lon = self.coord(self.dog)
        return self.collar(A(self.at("Collar"), "statusResponse", self.result("CollarStatus", True, Struct(
            "CollarStatus", [("battery", Raw(str(self.battery))), ("firmware", q("4.1.2")),
                             ("lastFix", Struct("CLLocationCoordinate2D", [("latitude", Raw(repr(lat))),
                                                                           ("longitude", Raw(repr(lon)))]))]))))

    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("tabSelected", A("Tab", tab))

    @signal
    def zone_exited(self):
        self.set(("geofence", "dogInside"), NIL)
        self.set(("alert",), St("AlertState<%s.Alert>" % self.at("AppFeature"), [
            ("title", text("Bella left Home")), ("message", text("Start live tracking to follow her?"))]))
        return self.act("geofence", A(self.at("Geofence"), "zoneExited", Struct("ZoneEvent", [
            ("zoneID", q("pl_home")), ("at", Raw(self.date().cd))])))

    @signal
    def zone_entered(self):
        self.set(("geofence", "dogInside"), text("pl_home"))
        return self.act("geofence", A(self.at("Geofence"), "zoneEntered", Struct("ZoneEvent", [
            ("zoneID", q("pl_home")), ("at", Raw(self.date().cd))])))

    @signal
    def alert_start_live(self):
        self.set(("alert",), NIL)
        self.set(("collar", "mode"), self.case("liveRequested", "TrackingMode"))
        return self.act("alert", self.pres("AppFeature.Alert", A(self.at("AppFeature.Alert"),
                                                                 "startLiveTrackingTapped")))

    @signal
    def live_button(self, on):
        self.set(("collar", "mode"), self.case("liveRequested" if on else "stopping", "TrackingMode"))
        if not on:
            self.live = False
            self.live_gen += 1
            self.set(("collar", "liveUntil"), NIL)
            self.set(("map", "trail"), Arr())
        return self.mp(A(self.at("Map"), "liveTrackingButtonTapped"))

    @signal
    def live_response(self):
        self.live = True
        self.live_gen += 1
        self.set(("collar", "mode"), self.case("live", "TrackingMode"))
        self.set(("collar", "liveUntil"), self.date(self.now + 300))
        return self.collar(A(self.at("Collar"), "liveTrackingResponse", self.result("LiveSession", True, Struct(
            "LiveSession", [("id", q(self.short_id("ls"))), ("expiresAt", Raw(self.date(self.now + 300).cd))]))))

    @signal
    def find_nearby_tapped(self):
        self.set(("map", "destination"), En(self.st("Map.Destination"), "findNearby", St(self.st("FindNearby"), [
            ("rssi", NIL), ("proximity", self.case("searching", "Proximity"))])))
        return self.mp(A(self.at("Map"), "findNearbyButtonTapped"))

    # reason: the collar's Bluetooth peripheral connecting, a system event that starts the radar.
    @signal
    def ble_connected(self):
        if self.get(("map", "destination")) is NIL:
            return None
        self.set(("collar", "isNearby"), boolean(True))
        return self.mp(A(self.at("Map"), "destination", self.pres("Map.Destination", A(
            self.at("Map.Destination"), "findNearby", A(self.at("FindNearby"), "peripheralConnected",
                                                         id=q("C0:11:A7:" + "4E:9B:02"))))))

    @signal
    def find_nearby_closed(self):
        self.set(("map", "destination"), NIL)
        self.set(("collar", "isNearby"), boolean(False))
        return self.mp(A(self.at("Map"), "destination", self.dismissed("Map.Destination")))

    @signal
    def recenter(self):
        self.set(("map", "isFollowingDog"), boolean(True))
        self.set(("map", "camera"), self.camera(self.dog, 250))
        return self.mp(A(self.at("Map"), "recenterButtonTapped"))

    @signal
    def share_tapped(self):
        self.set(("sharing", "destination"), En(self.st("Sharing.Destination"), "picker", St(
            self.st("SharePicker"), [("members", Arr(text(n) for _, n in FAMILY))])))
        return self.share(A(self.at("Sharing"), "shareLiveLocationTapped"))

    @signal
    def member_tapped(self, mid):
        self.set(("sharing", "destination"), NIL)
        self.set(("sharing", "status"), self.case("inviting", "Sharing.Status"))
        self.sharing = True
        return self.share(A(self.at("Sharing"), "destination", self.pres("Sharing.Destination", A(
            self.at("Sharing.Destination"), "picker", A(self.at("SharePicker"), "memberTapped", id=q(mid))))))

    @signal
    def share_response(self, mid):
        self.set(("sharing", "status"), self.case("sharing", "Sharing.Status"))
        return self.share(A(self.at("Sharing"), "shareResponse", self.result("ShareLink", True, Struct("ShareLink", [
            ("recipient", q(mid)), ("url", q("https://pawtrail.app/l/" + self.short_id("s"))),
            ("expiresAt", Raw(self.date(self.now + 3600).cd))]))))

    @signal
    def viewer_joined(self, vid, name):
        if not self.sharing or vid in self.viewers:
            return None
        self.viewers.append(vid)
        self.append(("sharing", "viewers"), St(self.st("Viewer"), [("id", text(vid)), ("name", text(name)),
                                                                   ("lastSeenAt", self.date())]))
        return self.share(A(self.at("Sharing"), "viewerJoined", Struct("Viewer", [("id", q(vid)), ("name", q(name))])))

    @signal
    def viewer_left(self, vid):
        if vid not in self.viewers:
            return None
        self.remove_at(("sharing", "viewers"), self.viewers.index(vid))
        self.viewers.remove(vid)
        return self.share(A(self.at("Sharing"), "viewerLeft", id=q(vid)))

    @signal
    def message_received(self, vid, name, body):
        if not self.sharing:
            return None
        self.append(("sharing", "messages"), St("Message", [("from", text(name)), ("text", text(body)),
                                                            ("sentAt", self.date())]))
        return self.share(A(self.at("Sharing"), "messageReceived", Struct("Message", [
            ("from", q(vid)), ("text", q(body))])))

    @signal
    def stop_sharing(self):
        self.sharing = False
        self.set(("sharing", "status"), self.case("off", "Sharing.Status"))
        return self.share(A(self.at("Sharing"), "stopSharingTapped"))

    @signal
    def stop_live_response(self):
        self.set(("collar", "mode"), self.case("standard", "TrackingMode"))
        return self.collar(A(self.at("Collar"), "stopLiveResponse", self.result("Bool", True, Raw("true"))))

    @signal
    def walk_started(self):
        self.walking = True
        self.walk_gen += 1
        self.set(("walk",), St(self.st("Walk"), [("id", text(self.short_id("wk"))), ("startedAt", self.date()),
                                                ("elapsed", num(0)), ("distance", num(0.0)), ("points", num(0)),
                                                ("isSaving", boolean(False))]))
        return self.mp(A(self.at("Map"), "startWalkButtonTapped"))

    @signal
    def walk_end_tapped(self):
        self.walking = False
        self.set(("walk", "isSaving"), boolean(True))
        return self.walk_act(A(self.at("Walk"), "endButtonTapped"))

    @signal
    def walk_saved(self):
        w = self.get(("walk",))
        self.set(("walk", "isSaving"), boolean(False))
        return self.walk_act(A(self.at("Walk"), "saveResponse", self.result("WalkSummary", True, Struct(
            "WalkSummary", [("id", Raw(w.f["id"].cd)), ("duration", Raw(w.f["elapsed"].cd)),
                            ("distance", Raw(w.f["distance"].cd))]))))

    @signal
    def walk_delegate(self):
        w = self.get(("walk",))
        wid = w.f["id"].df
        action = self.walk_act(self.delegate("Walk", "saved", id=q(wid)))
        self.walk_ids.insert(0, wid)
        rows = self.get(("activity", "walks")).items
        self.set(("activity", "walks"), Arr([St("WalkRow", [("id", w.f["id"]), ("startedAt", w.f["startedAt"]),
                                                            ("duration", w.f["elapsed"]),
                                                            ("distance", num(int(float(w.f["distance"].cd))))])]
                                            + rows))
        self.set(("walk",), NIL)
        return action

    @signal
    def activity_appeared(self):
        self.set(("activity", "isLoading"), boolean(True))
        return self.act("activity", A(self.at("Activity"), "onAppear"))

    @signal
    def summary_response(self):
        rng = self.rng
        active = rng.randint(40, 140)
        self.set(("activity", "isLoading"), boolean(False))
        self.set(("activity", "summary"), St("DaySummary", [("activeMinutes", num(active)),
                                                            ("restMinutes", num(rng.randint(300, 700))),
                                                            ("goalMinutes", num(90)),
                                                            ("distance", num(rng.randint(2000, 9000)))]))
        return self.act("activity", A(self.at("Activity"), "summaryResponse", self.result("DaySummary", True, Struct(
            "DaySummary", [("activeMinutes", Raw(str(active))), ("hourly", Raw("[24 values]"))]))))

    @signal
    def day_selected(self, days_back):
        d = self.date(self.now - 86400 * days_back)
        self.set(("activity", "day"), d)
        self.set(("activity", "isLoading"), boolean(True))
        return self.act("activity", A(self.at("Activity"), "daySelected", Raw(d.cd)))

    @signal
    def scrub_ended(self):
        self.set(("activity", "scrubbedHour"), NIL)
        return self.act("activity", A(self.at("Activity"), "chartScrubEnded"))

    @signal
    def walk_row_tapped(self, wid):
        sid = self.stack_next
        self.stack_next += 1
        self.put(("path",), "#%d" % sid, En(self.st("Path"), "walkDetail", St(self.st("WalkDetail"), [
            ("walkID", text(wid)), ("route", NIL), ("isLoading", boolean(True))])))
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "push",
                                  id=Raw("#%d" % sid), state=A(self.st("Path"), "walkDetail", Struct(
                                      self.st("WalkDetail"), [("walkID", q(wid))]))))

    @signal
    def route_response(self, sid):
        key = "#%d" % sid
        if key not in self.get(("path",)).d:
            return None
        n = self.rng.randint(120, 900)
        p = ("path", ("k", key), ("e", "walkDetail"))
        self.set(p + ("route",), St("Route", [("points", num(n)), ("distance", num(self.rng.randint(900, 4000)))]))
        self.set(p + ("isLoading",), boolean(False))
        return self.stack(A(self.at("WalkDetail"), "routeResponse", self.result("Route", True, Struct(
            "Route", [("points", Raw(str(n)))]))), sid)

    @signal
    def stack_popped(self, sid):
        self.delete(("path",), "#%d" % sid)
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "popFrom",
                                  id=Raw("#%d" % sid)))

    @signal
    def long_pressed(self):
        xy = [self.user[0] + self.rng.uniform(-80, 80), self.user[1] + self.rng.uniform(-80, 80)]
        self.set(("places", "destination"), En(self.st("Places.Destination"), "addPlace", St(self.st("AddPlace"), [
            ("name", text("")), ("coordinate", self.coord_value(xy)), ("radius", num(50.0)),
            ("isSaving", boolean(False))])))
        return self.mp(A(self.at("Map"), "longPressed", self.coord_arg(xy)))

    @signal
    def place_save(self):
        self.set(("places", "destination", ("e", "addPlace"), "isSaving"), boolean(True))
        return self.add_place(A(self.at("AddPlace"), "saveButtonTapped"))

    @signal
    def place_response(self, pid):
        p = ("places", "destination", ("e", "addPlace"))
        name = self.get(p + ("name",)).df
        self.set(p + ("isSaving",), boolean(False))
        return self.add_place(A(self.at("AddPlace"), "saveResponse", self.result("Place", True, Struct("Place", [
            ("id", q(pid)), ("name", q(name))]))))

    @signal
    def place_delegate(self, pid):
        p = ("places", "destination", ("e", "addPlace"))
        name, radius = self.get(p + ("name",)), self.get(p + ("radius",))
        action = self.add_place(self.delegate("AddPlace", "placeSaved", id=q(pid)))
        self.append(("places", "places"), St("Place", [("id", text(pid)), ("name", name), ("radius", radius)]))
        self.set(("places", "destination"), NIL)
        return action

    @signal
    def fw_check(self):
        self.set(("firmware", "status"), self.case("checking", "Firmware.Status"))
        return self.fw(A(self.at("Firmware"), "checkForUpdateTapped"))

    @signal
    def fw_check_response(self):
        self.set(("firmware", "status"), self.case("idle", "Firmware.Status"))
        self.set(("firmware", "available"), St("FirmwareUpdate", [("version", text("4.2.0")), ("sizeKB", num(812))]))
        return self.fw(A(self.at("Firmware"), "updateCheckResponse", self.result("FirmwareUpdate?", True, Struct(
            "FirmwareUpdate", [("version", q("4.2.0")), ("sizeKB", Raw("812")), ("notes", q("Better GPS in dense areas"))]))))

    @signal
    def fw_install(self):
        self.dfu_state = "transferring"
        self.set(("firmware", "status"), En(self.st("Firmware.Status"), "transferring", num(self.dfu),
                                            label="progress"))
        return self.fw(A(self.at("Firmware"), "installButtonTapped"))

    @signal
    def fw_transfer_response(self, ok):
        self.dfu_state = "installing" if ok else "failed"
        if ok:
            self.set(("firmware", "status"), self.case("installing", "Firmware.Status"))
            payload = Raw("true")
        else:
            self.set(("firmware", "status"), En(self.st("Firmware.Status"), "failed", text("Connection to collar lost")))
            payload = Struct("DFUError", [("code", Raw(".connectionLost")), ("bytesSent", Raw(str(int(812 * 1024 * self.dfu))))])
        return self.fw(A(self.at("Firmware"), "transferResponse", self.result("Bool", ok, payload)))

    @signal
    def fw_retry(self):
        self.dfu_state = "transferring"
        self.set(("firmware", "status"), En(self.st("Firmware.Status"), "transferring", num(self.dfu),
                                            label="progress"))
        return self.fw(A(self.at("Firmware"), "retryButtonTapped"))

    @signal
    def fw_installed(self):
        self.dfu_state = "done"
        self.set(("firmware", "status"), self.case("upToDate", "Firmware.Status"))
        self.set(("firmware", "installed"), text("4.2.0"))
        self.set(("firmware", "available"), NIL)
        return self.fw(A(self.at("Firmware"), "installCompleted", version=q("4.2.0")))

    # -- processes
    def processes(self):
        return [self.person(), self.standard_reports(), self.dog_moves(), self.geofence_server(),
                self.periodic(self.last_seen_ticked, 15.0, 0.01, when=lambda: self.tab == "map"),
                self.drain()]

    def geofence_server(self):
        """The collar checks its zones on every GPS wake; the server pushes the exit."""
        while True:
            yield 1.0
            if self.escaped_at is not None and self.dist(self.dog, [0, 0]) > 60:
                break
        yield self.rng.uniform(5, 20)
        self.emit(self.zone_exited)

    def drain(self):
        while True:
            yield 10.0
            self.battery_f -= (0.25 if self.live else 0.02) + (0.05 if self.dfu_state == "transferring" else 0)

    def standard_reports(self):
        """Standard mode: the collar uploads a fix, battery and activity every 2 minutes."""
        rng = self.rng
        due = self.now + rng.uniform(5, 120)
        k = 0
        while True:
            fire = max(self.now + 0.0005, due + 120.0 * k + rng.uniform(-2, 2))
            k += 1
            yield fire - self.now
            if self.live:
                continue
            speed = math.hypot(*self.dog_v)
            self.emit(self.report_received, rng.randint(4, 15),
                      "running" if speed > 1.8 else "walking" if speed > 0.4 else "resting")

    def live_fixes(self, gen):
        rng = self.rng
        yield rng.uniform(4, 12)          # the collar wakes its GPS
        while self.live and self.live_gen == gen:
            self.emit(self.live_fix, rng.randint(3, 12), math.hypot(*self.dog_v))
            yield rng.uniform(2.0, 3.0)

    def keepalive(self, gen):
        due = self.now
        k = 1
        while True:
            yield max(0.0005, due + 30.0 * k + self.rng.uniform(-0.05, 0.05) - self.now)
            k += 1
            if not self.live or self.live_gen != gen:
                return
            self.emit(self.keepalive_tick)
            yield self.rng.uniform(0.15, 0.6)
            self.emit(self.keepalive_response)

    def user_stream(self):
        """CLLocationManager's updates, one a second while the app is active (the distance to the
        dog); a walk has its own stream."""
        while True:
            yield self.rng.uniform(0.95, 1.05)
            if self.walking:
                continue                     # the walk screen has its own stream
            if self.get(("scenePhase",)).cd == ".active":
                self.emit(self.user_location)

    def dog_moves(self):
        rng = self.rng
        dt = 1.0
        heading = rng.uniform(0, 2 * math.pi)
        while True:
            yield dt
            if self.escaped_at is None or self.now < self.escaped_at:
                self.dog = [max(-10, min(10, self.dog[0] + rng.gauss(0, 0.3))),
                            max(-10, min(10, self.dog[1] + rng.gauss(0, 0.3)))]
                self.dog_v = [0.0, 0.0]
                continue
            if self.found:
                # walks beside the person
                self.dog = [self.user[0] + rng.gauss(0, 1.5), self.user[1] + rng.gauss(0, 1.5)]
                self.dog_v = [0.0, 0.0]
                continue
            d = self.dist(self.dog, self.user) if self.live else 999
            if d < 30 and self.catchable is not None and self.now >= self.catchable:
                speed = rng.uniform(0.0, 0.6)           # sniffing, lets the person come close
            elif rng.random() < 0.15:
                speed = 0.0
            else:
                speed = rng.uniform(1.8, 4.5)
            if self.live and d < 40 and (self.catchable is None or self.now < self.catchable):
                # she has seen the person and runs on
                heading = math.atan2(self.dog[1] - self.user[1], self.dog[0] - self.user[0]) + rng.gauss(0, 0.6)
                speed = max(speed, rng.uniform(2.5, 4.0))
            heading += rng.gauss(0, 0.3)
            self.dog_v = [speed * math.cos(heading), speed * math.sin(heading)]
            self.dog = [self.dog[0] + self.dog_v[0], self.dog[1] + self.dog_v[1]]

    def chase(self):
        """The person jogs towards the dog's last fix."""
        while not self.found:
            yield 1.0
            d = self.dist(self.dog, self.user)
            if d < 8 and self.now >= self.catchable:
                self.found = True
                return
            step = min(d, self.rng.uniform(2.2, 3.4))
            self.user = [self.user[0] + (self.dog[0] - self.user[0]) * step / d + self.rng.gauss(0, 0.5),
                         self.user[1] + (self.dog[1] - self.user[1]) * step / d + self.rng.gauss(0, 0.5)]

    def radar(self):
        """Find nearby: the collar's Bluetooth signal strength, read four times a second."""
        rng = self.rng
        while self.dist(self.dog, self.user) > 90 and not self.found:
            yield 1.0
        yield rng.uniform(0.5, 3.0)
        self.emit(self.ble_connected)
        due = self.now
        k = 1
        while not self.found:
            yield max(0.0005, due + 0.25 * k + rng.uniform(-0.01, 0.01) - self.now)
            k += 1
            d = max(1.0, self.dist(self.dog, self.user))
            self.emit(self.rssi_updated, int(round(-45 - 20 * math.log10(d) + rng.gauss(0, 3))))

    def compass(self):
        """The heading of the phone in the person's hand while they run: CLHeading updates past
        the heading filter, a few a second while the phone turns."""
        rng = self.rng
        h = rng.uniform(0, 360)
        while not self.found:
            if self.tab != "map" or rng.random() < 0.3:
                yield rng.uniform(1, 4)
                continue
            for _ in range(rng.randint(3, 25)):
                yield rng.uniform(0.12, 0.3)
                h = (h + rng.gauss(0, 6)) % 360
                self.emit(self.heading_updated, round(h, 1))
            yield rng.uniform(0.5, 3)

    def map_gesture(self):
        rng = self.rng
        cam = self.get(("map", "camera"))
        lat, lon, span = float(cam.f["latitude"].cd), float(cam.f["longitude"].cd), float(cam.f["spanMeters"].cd)
        dlat, dlon = rng.uniform(-0.002, 0.002), rng.uniform(-0.003, 0.003)
        zoom = rng.choice([1.0, 1.0, 0.5, 2.0])
        hz = rng.uniform(50, 60)
        n = max(6, int(hz * rng.uniform(0.4, 1.6)))

        def at(i):
            f = (i + 1) / n
            return (round(lat + dlat * f, 5), round(lon + dlon * f, 5), round(span * (1 + (zoom - 1) * f), 1))

        yield from self.gesture(self.camera_changed, hz=hz, duration=n / hz, args=at)

    def person(self):
        rng = self.rng
        yield rng.uniform(0.4, 1.0)
        self.emit(self.map_appeared)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.status_response)
        self.spawn(self.user_stream())
        self.escaped_at = self.now + rng.uniform(50, 140)
        # the morning's activity, while Bella is still in the garden
        yield rng.uniform(4, 12)
        yield from self.look_at_activity(self.escaped_at + rng.uniform(10, 40))
        while self.get(("geofence", "dogInside")) is not NIL:
            yield 1.0
        yield rng.uniform(2, 9)
        if self.tab != "map":
            self.emit(self.tab_selected, "map")
            yield rng.uniform(0.5, 1.5)
        self.emit(self.alert_start_live)
        yield rng.uniform(0.6, 2.0)
        self.emit(self.live_response)
        gen = self.live_gen
        self.spawn(self.live_fixes(gen))
        self.spawn(self.keepalive(gen))
        self.catchable = self.now + rng.uniform(140, 230)
        yield rng.uniform(3, 10)
        self.spawn(self.chase())
        self.spawn(self.compass())
        shared = False
        radar = False
        while not self.found:
            yield rng.uniform(3, 15)
            if not radar and self.now >= self.catchable - 45 and self.tab == "map":
                radar = True
                self.emit(self.find_nearby_tapped)
                self.spawn(self.radar())
                while not self.found:
                    yield 1.0
                yield rng.uniform(2, 6)
                self.emit(self.find_nearby_closed)
                break
            r = rng.random()
            if not shared and r < 0.35:
                shared = True
                mid, name = rng.choice(FAMILY)
                self.emit(self.share_tapped)
                yield rng.uniform(1.5, 4.0)
                self.emit(self.member_tapped, mid)
                yield rng.uniform(0.4, 1.2)
                self.emit(self.share_response, mid)
                self.spawn(self.family_viewer(mid, name))
            elif r < 0.6:
                yield from self.map_gesture()
                if rng.random() < 0.6:
                    yield rng.uniform(1, 5)
                    self.emit(self.recenter)
        yield rng.uniform(5, 20)
        self.emit(self.live_button, False)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.stop_live_response)
        if shared:
            yield rng.uniform(2, 6)
            self.emit(self.stop_sharing)
            for vid in list(self.viewers):
                self.after(rng.uniform(1, 4), self.viewer_left, vid)
        yield rng.uniform(5, 15)
        yield from self.walk_home()
        rest = [self.name_place, self.update_firmware, lambda: self.look_at_activity(self.now + rng.uniform(40, 90))]
        rng.shuffle(rest)
        for step in rest:
            yield rng.uniform(8, 30)
            yield from step()
        while True:
            yield rng.uniform(20, 60)
            yield from self.look_at_activity(self.now + rng.uniform(30, 60))

    def family_viewer(self, vid, name):
        rng = self.rng
        yield rng.uniform(10, 40)
        self.emit(self.viewer_joined, vid, name)
        period = rng.uniform(9.5, 10.5)
        said = False
        while vid in self.viewers:
            yield period + rng.uniform(-0.1, 0.1)
            self.emit(self.viewer_seen, vid)
            if not said and rng.random() < 0.15:
                said = True
                yield rng.uniform(0.5, 3)
                self.emit(self.message_received, vid, name, rng.choice(MESSAGES))

    def walk_home(self):
        rng = self.rng
        self.emit(self.walk_started)
        yield rng.uniform(1, 4)
        self.emit(self.scene_phase, "background")
        gen = self.walk_gen
        self.spawn(self.periodic(self.walk_ticked, 1.0, 0.003, first=1.0, when=lambda: self.walk_gen == gen))
        home_d = self.dist(self.user, [0, 0])
        duration = max(100.0, min(170.0, home_d / 1.3))      # a loop through the park, then home
        end = self.now + duration
        while self.now < end:
            yield rng.uniform(0.95, 1.05)
            d = self.dist(self.user, [0, 0])
            step = rng.uniform(1.0, 1.5) if rng.random() > 0.2 else rng.uniform(0.0, 0.3)
            if d > 5:
                self.user = [self.user[0] - self.user[0] / d * min(step, d) * 0.9 + rng.gauss(0, 0.6),
                             self.user[1] - self.user[1] / d * min(step, d) * 0.9 + rng.gauss(0, 0.6)]
            else:
                self.user = [self.user[0] + rng.gauss(0, step), self.user[1] + rng.gauss(0, step)]
            self.emit(self.walk_location, step)
            if self.get(("geofence", "dogInside")) is NIL and self.dist(self.dog, [0, 0]) < 50:
                self.emit(self.zone_entered)
        self.emit(self.scene_phase, "active")
        yield rng.uniform(2, 6)
        self.emit(self.walk_end_tapped)
        self.walk_gen += 1
        yield rng.uniform(0.4, 1.2)
        self.emit(self.walk_saved)
        self.emit(self.walk_delegate)

    def look_at_activity(self, until):
        rng = self.rng
        self.emit(self.tab_selected, "activity")
        yield rng.uniform(0.05, 0.15)
        self.emit(self.activity_appeared)
        yield rng.uniform(0.4, 1.2)
        self.emit(self.summary_response)
        while self.now < until:
            yield rng.uniform(2, 8)
            r = rng.random()
            if r < 0.35:
                x0 = rng.uniform(20, 330)
                x1 = rng.uniform(20, 330)
                hz = rng.uniform(55, 60)
                n = max(5, int(hz * rng.uniform(0.5, 2.5)))
                yield from self.gesture(self.chart_scrubbed, hz=hz, duration=n / hz, args=lambda i: (
                    x0 + (x1 - x0) * (i + 1) / n + rng.uniform(-0.8, 0.8),))
                self.emit(self.scrub_ended)
            elif r < 0.55:
                self.emit(self.day_selected, rng.randint(1, 6))
                yield rng.uniform(0.3, 0.9)
                self.emit(self.summary_response)
            elif r < 0.75 and self.walk_ids:
                sid = self.stack_next
                self.emit(self.walk_row_tapped, rng.choice(self.walk_ids))
                yield rng.uniform(0.3, 1.0)
                self.emit(self.route_response, sid)
                yield rng.uniform(5, 20)
                self.emit(self.stack_popped, sid)
        self.emit(self.tab_selected, "map")

    def name_place(self):
        rng = self.rng
        if self.tab != "map":
            self.emit(self.tab_selected, "map")
            yield rng.uniform(1, 3)
        self.emit(self.long_pressed)
        yield rng.uniform(1.5, 4)
        name = rng.choice(PLACE_NAMES)
        typed = ""
        for ch in name:
            typed += ch
            self.emit(self.place_typed, typed)
            yield rng.uniform(0.09, 0.4)
        yield rng.uniform(1, 3)
        r = 50.0
        goal = rng.choice([30.0, 80.0, 120.0, 150.0])
        hz = rng.uniform(55, 60)
        n = max(8, int(hz * rng.uniform(0.6, 1.8)))
        values = []
        for i in range(n):
            v = round(r + (goal - r) * (i + 1) / n)
            if not values or v != values[-1]:
                values.append(v)
        yield from self.gesture(self.radius_slid, hz=hz, duration=len(values) / hz, args=lambda i: (values[i],))
        yield rng.uniform(1, 4)
        self.emit(self.place_save)
        yield rng.uniform(0.3, 1.0)
        pid = self.short_id("pl")
        self.emit(self.place_response, pid)
        self.emit(self.place_delegate, pid)

    def update_firmware(self):
        rng = self.rng
        self.emit(self.tab_selected, "settings")
        yield rng.uniform(2, 6)
        self.emit(self.fw_check)
        yield rng.uniform(0.6, 2.0)
        self.emit(self.fw_check_response)
        yield rng.uniform(3, 10)
        self.emit(self.fw_install)
        fail_at = rng.uniform(0.3, 0.7) if rng.random() < 0.8 else 2.0
        while True:
            yield rng.uniform(0.9, 1.1)
            self.dfu = round(min(1.0, self.dfu + rng.uniform(0.008, 0.016)), 2)
            if self.dfu >= fail_at and not self.dfu_failed:
                self.dfu_failed = True
                yield rng.uniform(2, 6)
                self.emit(self.fw_transfer_response, False)
                yield rng.uniform(3, 10)
                self.emit(self.fw_retry)
                continue
            if self.dfu >= 1.0:
                break
            self.emit(self.dfu_progress, self.dfu)
        self.emit(self.fw_transfer_response, True)
        for _ in range(rng.randint(5, 9)):
            yield 5.0 + rng.uniform(-0.03, 0.03)
            self.emit(self.install_polled)
        yield rng.uniform(0.1, 0.5)
        self.emit(self.fw_installed)
        yield rng.uniform(3, 8)
        self.emit(self.tab_selected, "map")


# =========================================================================== golf

COURSE = (36.56804, -121.94917)
G_LAT = 1.0 / 111320.0
G_LON = 1.0 / (111320.0 * math.cos(math.radians(COURSE[0])))
YD = 1.0936
# hole: par, tee (x, y metres), green centre, hazards (id, kind, name, metres from the tee)
HOLES = {
    17: (4, (0.0, 0.0), (28.0, 342.0), [("hz_17a", "bunker", "Fairway bunker left", 215.0),
                                        ("hz_17b", "water", "Creek", 265.0),
                                        ("hz_17c", "bunker", "Greenside bunker", 330.0)]),
    18: (5, (70.0, 372.0), (-35.0, 830.0), [("hz_18a", "water", "Lake right", 200.0),
                                            ("hz_18b", "bunker", "Cross bunker", 340.0),
                                            ("hz_18c", "bunker", "Front bunker", 440.0)]),
}
CLUBS = [("driver", 235), ("wood3", 215), ("hybrid4", 190), ("iron5", 175), ("iron6", 163), ("iron7", 150),
         ("iron8", 138), ("iron9", 126), ("pitchingWedge", 112), ("gapWedge", 95), ("sandWedge", 78)]
GOLFERS = [("pl_me", "You", False), ("pl_chris", "Chris Alvarez", True), ("pl_dee", "Dee Park", True),
           ("pl_sam", "Sam Becker", False)]
CAPTIONS = ["Back nine came together today", "Birdie on 18 to finish!", "Windy one at Cypress Ridge",
            "Fun round with the crew"]


class Golf(_Base):
    name = "golf"
    module = "FairwayPro"
    process = "FairwayPro"

    def __init__(self, session):
        _Base.__init__(self, session)
        rng = self.rng
        self.hole = 17
        par, tee, green, _ = HOLES[17]
        # the tee shot is already in the fairway
        self.ball = self.toward(tee, green, rng.uniform(205, 235), rng.uniform(-12, 12))
        self.pos = [tee[0] + rng.uniform(-4, 4), tee[1] + rng.uniform(2, 8)]
        self.heading = rng.uniform(0, 360)
        self.shot_ids = []
        self.stroke = 2
        self.watch_reachable = False
        self.watch_active = False
        self.partner_pos = {pid: [self.pos[0] + rng.uniform(-15, 15), self.pos[1] + rng.uniform(0, 20)]
                            for pid, _, app in GOLFERS if app}
        self.posted = {}
        self.entry_ids = []
        self.finished = False
        self.elapsed = 3 * 3600 + rng.randint(20 * 60, 50 * 60)
        self.wind = [rng.uniform(6, 14), rng.choice(["W", "WNW", "NW", "SW"])]
        self.temp = rng.randint(58, 68)
        self.using_phone = False
        self.moving = False
        history = {}
        for pid, _, _ in GOLFERS:
            history[pid] = {h: rng.choice([3, 4, 4, 4, 5, 5, 6]) for h in range(1, 17)}
        self.history = history
        self.state = St(self.st("AppFeature"), [
            ("round", St(self.st("Round"), [
                ("course", text("Cypress Ridge GC")), ("status", self.case("restoring", "Round.Status")),
                ("hole", num(17)), ("par", num(par)),
                ("elapsed", num(self.elapsed)), ("isFinished", boolean(False))])),
            ("gps", St(self.st("GPS"), [
                ("location", NIL), ("accuracy", NIL), ("heading", NIL),
                ("green", St("GreenDistances", [("front", num(0)), ("middle", num(0)), ("back", num(0))])),
                ("hazards", Arr())])),
            ("shots", St(self.st("ShotTracker"), [("shots", Arr()), ("club", NIL)])),
            ("scorecard", St(self.st("Scorecard"), [("players", Arr(self.card(pid, name) for pid, name, _ in GOLFERS))])),
            ("partners", Arr(St(self.st("Partner"), [("id", text(pid)), ("name", text(name)), ("position", NIL),
                                                     ("toGreen", NIL), ("updatedAt", NIL)])
                             for pid, name, app in GOLFERS if app)),
            ("watch", St(self.st("Watch"), [("activation", self.case("notActivated", "WCSessionActivationState")),
                                            ("isReachable", boolean(False)), ("heartRate", NIL),
                                            ("lastSyncAt", NIL)])),
            ("weather", St(self.st("Weather"), [("temperatureF", NIL), ("windMph", NIL), ("windDirection", NIL),
                                                ("updatedAt", NIL)])),
            ("destination", NIL)])

    # -- geometry and values
    def toward(self, a, b, metres, lateral):
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy)
        ux, uy = dx / d, dy / d
        return [a[0] + ux * metres - uy * lateral, a[1] + uy * metres + ux * lateral]

    def ll(self, xy):
        return round(COURSE[0] + xy[1] * G_LAT, 6), round(COURSE[1] + xy[0] * G_LON, 6)

    def coord_value(self, xy):
        lat, lon = self.ll(xy)
        return St("Coordinate", [("latitude", num(lat)), ("longitude", num(lon))])

    def yards_to(self, xy, offset=0.0):
        _, tee, green, _ = HOLES[self.hole]
        target = self.toward(green, tee, -offset, 0.0) if offset else green
        return int(round(math.hypot(target[0] - xy[0], target[1] - xy[1]) * YD))

    def hazard_distances(self):
        """Reach and carry, in yards, to each hazard still ahead on the hole."""
        _, tee, green, hz = HOLES[self.hole]
        rows = []
        for hid, kind, name, at in hz:
            front = self.toward(tee, green, at - 8, 0)
            back = self.toward(tee, green, at + 8, 0)
            reach = math.hypot(front[0] - self.pos[0], front[1] - self.pos[1]) * YD
            along = (self.pos[0] - tee[0]) * (green[0] - tee[0]) + (self.pos[1] - tee[1]) * (green[1] - tee[1])
            if along / math.hypot(green[0] - tee[0], green[1] - tee[1]) > at:
                continue
            carry = math.hypot(back[0] - self.pos[0], back[1] - self.pos[1]) * YD
            rows.append(St("HazardDistance", [("id", text(hid)), ("reach", num(int(round(reach)))),
                                              ("carry", num(int(round(carry))))]))
        return Arr(rows)

    def card(self, pid, name):
        return St(self.st("PlayerCard"), [("id", text(pid)), ("name", text(name)),
                                          ("scores", Dic({h: num(v) for h, v in self.history[pid].items()},
                                                         quoted=False)),
                                          ("total", num(sum(self.history[pid].values())))])

    def dest(self, case, feature, inner):
        return self.act("destination", self.pres("AppFeature.Destination", A(self.at("AppFeature.Destination"),
                                                                              case, A(self.at(feature), *inner) if
                                                                              isinstance(inner, tuple) else inner)))

    def dpath(self, case, *rest):
        return ("destination", ("e", case)) + rest

    def partner(self, pid, inner):
        return self.act("partners", self.element("Partner", q(pid), inner))

    # -- noise
    @noise
    def location(self, acc):
        lat, lon = self.ll(self.pos)
        self.set(("gps", "location"), self.coord_value(self.pos))
        self.set(("gps", "accuracy"), num(acc))
        self.set(("gps", "green"), St("GreenDistances", [("front", num(self.yards_to(self.pos, -14))),
                                                         ("middle", num(self.yards_to(self.pos))),
                                                         ("back", num(self.yards_to(self.pos, 14)))]))
        self.set(("gps", "hazards"), self.hazard_distances())
        return self.act("gps", A(self.at("GPS"), "locationUpdated", Struct("CLLocation", [
            ("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon))), ("horizontalAccuracy", Raw(fmt(acc, 1)))])))

    @noise
    def heading_updated(self, deg):
        self.set(("gps", "heading"), num(deg))
        return self.act("gps", A(self.at("GPS"), "headingUpdated", Raw(fmt(deg, 1))))

    @noise
    def clock_ticked(self):
        self.elapsed += 1
        self.set(("round", "elapsed"), num(self.elapsed))
        return self.act("round", A(self.at("Round"), "timerTicked"))

    @noise
    def heart_rate(self, bpm):
        self.set(("watch", "heartRate"), num(bpm))
        return self.act("watch", A(self.at("Watch"), "heartRateReceived", Raw(str(bpm))))

    @noise
    def partner_position(self, pid):
        xy = self.partner_pos[pid]
        i = [p for p, _, app in GOLFERS if app].index(pid)
        lat, lon = self.ll(xy)
        self.set(("partners", ("i", i), "position"), self.coord_value(xy))
        self.set(("partners", ("i", i), "toGreen"), num(self.yards_to(xy)))
        self.set(("partners", ("i", i), "updatedAt"), self.date())
        return self.partner(pid, A(self.at("Partner"), "positionUpdated", Struct("CLLocationCoordinate2D", [
            ("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon)))])))

    @noise
    def weather_tick(self):
        return self.act("weather", A(self.at("Weather"), "refreshTimerFired"))

    # reason: the forecast service's answer, fetched on launch and then every 5 minutes by a
    # timer; it nudges the temperature and the wind.
    @noise
    def weather_response(self):
        rng = self.rng
        self.wind[0] = max(2.0, self.wind[0] + rng.gauss(0, 2))
        self.temp += rng.choice([0, 0, 1])
        self.set(("weather", "temperatureF"), num(self.temp))
        self.set(("weather", "windMph"), num(round(self.wind[0])))
        self.set(("weather", "windDirection"), text(self.wind[1]))
        self.set(("weather", "updatedAt"), self.date())
        return self.act("weather", A(self.at("Weather"), "response", self.result("Conditions", True, Struct(
            "Conditions", [("temperatureF", Raw(str(self.temp))), ("windMph", Raw(str(round(self.wind[0])))),
                           ("windDirection", q(self.wind[1])), ("gustMph", Raw(str(round(self.wind[0] + rng.uniform(3, 9)))))]))))

    @noise
    def map_zoomed(self, z):
        self.set(self.dpath("holeMap", "zoom"), num(z))
        return self.dest("holeMap", "HoleMap", ("zoomChanged", Raw(fmt(z, 2))))

    @noise
    def target_dragged(self, xy):
        self.set(self.dpath("holeMap", "isDragging"), boolean(True))
        lat, lon = self.ll(xy)
        here = int(round(math.hypot(xy[0] - self.pos[0], xy[1] - self.pos[1]) * YD))
        self.set(self.dpath("holeMap", "target"), St("LayupTarget", [("fromPlayer", num(here)),
                                                                      ("toGreen", num(self.yards_to(xy)))]))
        return self.dest("holeMap", "HoleMap", ("targetDragged", Struct("CLLocationCoordinate2D", [
            ("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon)))])))

    # -- either
    @either
    def caption_typed(self, value):
        self.set(self.dpath("stats", "post", "caption"), text(value))
        return self.dest("stats", "RoundStats", ("post", self.pres("PostRound", self.binding("PostRound", "caption",
                                                                                             q(value)))))

    # -- signal
    @signal
    def appeared(self):
        return self.act("onAppear")

    @signal
    def round_response(self):
        self.set(("round", "status"), self.case("inProgress", "Round.Status"))
        return self.act("round", A(self.at("Round"), "restoreResponse", self.result("RoundSnapshot", True, Struct(
            "RoundSnapshot", [("id", q(self.short_id("rd"))), ("hole", Raw("17")), ("stroke", Raw("2"))]))))

    @signal
    def watch_activated(self):
        self.watch_active = True
        self.watch_reachable = True
        self.set(("watch", "activation"), self.case("activated", "WCSessionActivationState"))
        self.set(("watch", "isReachable"), boolean(True))
        return self.act("watch", A(self.at("Watch"), "activationDidComplete", A("WCSessionActivationState",
                                                                                 "activated")))

    # reason: WCSession's reachability flips when the watch screen sleeps or wakes; a system
    # event, irregular, and it decides whether messages get through.
    @signal
    def watch_reach(self, on):
        self.watch_reachable = on
        self.set(("watch", "isReachable"), boolean(on))
        return self.act("watch", A(self.at("Watch"), "reachabilityChanged", self.flag(on)))

    @signal
    def watch_marked(self, club):
        self.add_shot(club)
        return self.act("watch", A(self.at("Watch"), "messageReceived", A("WatchMessage", "markShot",
                                                                          club=Raw("." + club))))

    @signal
    def watch_synced(self):
        self.set(("watch", "lastSyncAt"), self.date())
        return self.act("watch", A(self.at("Watch"), "scorecardSyncResponse", self.result("Bool", True, Raw("true"))))

    @signal
    def partner_score(self, pid, hole, strokes):
        self.posted[(pid, hole)] = strokes
        i = [g[0] for g in GOLFERS].index(pid)
        self.put(("scorecard", "players", ("i", i), "scores"), hole, num(strokes))
        self.history[pid][hole] = strokes
        self.set(("scorecard", "players", ("i", i), "total"), num(sum(self.history[pid].values())))
        return self.partner(pid, A(self.at("Partner"), "scorePosted", hole=Raw(str(hole)), strokes=Raw(str(strokes))))

    def add_shot(self, club):
        sid = self.short_id("sh")
        self.shot_ids.append(sid)
        self.append(("shots", "shots"), St("Shot", [("id", text(sid)), ("hole", num(self.hole)),
                                                   ("number", num(self.stroke)), ("club", self.case(club, "Club")),
                                                   ("from", self.coord_value(self.pos)), ("distance", NIL)]))
        n = len(self.shot_ids)
        if n > 1:
            prev = self.get(("shots", "shots", ("i", n - 2)))
            if prev.f["hole"].cd == str(self.hole) and prev.f["distance"] is NIL:
                self.set(("shots", "shots", ("i", n - 2), "distance"), num(int(self.last_shot_yards)))
        self.set(("shots", "club"), NIL)

    @signal
    def club_picked(self, club):
        self.set(("shots", "club"), self.case(club, "Club"))
        return self.act("shots", A(self.at("ShotTracker"), "clubPicked", club=Raw("." + club)))

    @signal
    def mark_shot(self, club):
        self.add_shot(club)
        return self.act("shots", A(self.at("ShotTracker"), "markShotButtonTapped"))

    @signal
    def hole_map_tapped(self):
        self.set(("destination",), En(self.st("AppFeature.Destination"), "holeMap", St(self.st("HoleMap"), [
            ("hole", num(self.hole)), ("zoom", num(1.0)), ("hazards", Arr()), ("selectedHazard", NIL),
            ("target", NIL), ("isDragging", boolean(False)),
            ("isLoading", boolean(True))])))
        return self.act("holeMapButtonTapped")

    @signal
    def hazards_response(self):
        if self.get(("destination",)) is NIL:
            return None
        hz = HOLES[self.hole][3]
        self.set(self.dpath("holeMap", "hazards"), Arr(St("Hazard", [("id", text(h)), ("kind", self.case(k, "HazardKind")),
                                                                    ("name", text(nm))]) for h, k, nm, _ in hz))
        self.set(self.dpath("holeMap", "isLoading"), boolean(False))
        return self.dest("holeMap", "HoleMap", ("hazardsResponse", self.result("[Hazard]", True, Struct(
            "HoleLayout", [("hole", Raw(str(self.hole))), ("hazards", Raw(str(len(hz))))]))))

    @signal
    def hazard_tapped(self, hid):
        _, tee, green, hz = HOLES[self.hole]
        h = next(x for x in hz if x[0] == hid)
        spot = self.toward(tee, green, h[3], 0)
        carry = int(round(math.hypot(spot[0] - self.pos[0], spot[1] - self.pos[1]) * YD))
        self.set(self.dpath("holeMap", "selectedHazard"), St("HazardDistance", [("id", text(hid)),
                                                                               ("carryYards", num(carry))]))
        return self.dest("holeMap", "HoleMap", ("hazardTapped", q(hid)))

    @signal
    def target_drag_ended(self):
        self.set(self.dpath("holeMap", "isDragging"), boolean(False))
        return self.dest("holeMap", "HoleMap", ("targetDragEnded",))

    @signal
    def map_dismissed(self):
        self.set(("destination",), NIL)
        return self.act("destination", self.dismissed("AppFeature.Destination"))

    @signal
    def scorecard_tapped(self):
        par = HOLES[self.hole][0]
        self.entry_ids = [g[0] for g in GOLFERS]
        entries = []
        for pid, name, _ in GOLFERS:
            v = self.posted.get((pid, self.hole), par)
            entries.append(St(self.st("ScoreEntry"), [("id", text(pid)), ("name", text(name)), ("strokes", num(v)),
                                                      ("putts", num(2) if pid == "pl_me" else NIL)]))
        self.set(("destination",), En(self.st("AppFeature.Destination"), "scoreEntry", St(self.st("HoleScore"), [
            ("hole", num(self.hole)), ("par", num(par)), ("entries", Arr(entries)), ("isSaving", boolean(False))])))
        return self.act("scorecardButtonTapped")

    @signal
    def stepper(self, pid, field, delta):
        i = self.entry_ids.index(pid)
        p = self.dpath("scoreEntry", "entries", ("i", i), field)
        self.set(p, num(max(1 if field == "strokes" else 0, int(self.get(p).cd) + delta)))
        name = ("%sIncrementTapped" if delta > 0 else "%sDecrementTapped") % field[:-1]
        return self.dest("scoreEntry", "HoleScore", ("entries", self.element("ScoreEntry", q(pid), A(
            self.at("ScoreEntry"), name))))

    @signal
    def score_save(self):
        self.set(self.dpath("scoreEntry", "isSaving"), boolean(True))
        return self.dest("scoreEntry", "HoleScore", ("saveButtonTapped",))

    @signal
    def score_response(self):
        self.set(self.dpath("scoreEntry", "isSaving"), boolean(False))
        return self.dest("scoreEntry", "HoleScore", ("saveResponse", self.result("Scorecard", True, Struct(
            "ScorecardRevision", [("hole", Raw(str(self.hole))), ("revision", Raw(str(self.rng.randint(40, 90))))]))))

    @signal
    def score_delegate(self):
        entries = self.get(self.dpath("scoreEntry", "entries")).items
        action = self.dest("scoreEntry", "HoleScore", ("delegate", A(self.at("HoleScore") + ".Delegate", "saved",
                                                                     hole=Raw(str(self.hole)))))
        for i, e in enumerate(entries):
            v = int(e.f["strokes"].cd)
            pid = self.entry_ids[i]
            self.history[pid][self.hole] = v
            self.put(("scorecard", "players", ("i", i), "scores"), self.hole, num(v))
            self.set(("scorecard", "players", ("i", i), "total"), num(sum(self.history[pid].values())))
        self.set(("destination",), NIL)
        return action

    @signal
    def next_hole(self):
        self.hole += 1
        self.stroke = 1
        self.set(("round", "hole"), num(self.hole))
        self.set(("round", "par"), num(HOLES[self.hole][0]))
        return self.act("round", A(self.at("Round"), "nextHoleButtonTapped"))

    @signal
    def hole_response(self):
        par, tee, green, hz = HOLES[self.hole]
        self.set(("gps", "green"), St("GreenDistances", [("front", num(self.yards_to(self.pos, -14))),
                                                         ("middle", num(self.yards_to(self.pos))),
                                                         ("back", num(self.yards_to(self.pos, 14)))]))
        glat, glon = self.ll(green)
        return self.act("round", A(self.at("Round"), "holeResponse", self.result("HoleInfo", True, Struct(
            "HoleInfo", [("number", Raw(str(self.hole))), ("par", Raw(str(par))),
                         ("yards", Raw(str(int(math.hypot(green[0] - tee[0], green[1] - tee[1]) * YD)))),
                         ("greenCenter", Struct("CLLocationCoordinate2D", [("latitude", Raw(repr(glat))),
                                                                           ("longitude", Raw(repr(glon)))]))]))))

    @signal
    def finish_round(self):
        self.finished = True
        self.set(("round", "isFinished"), boolean(True))
        self.set(("destination",), En(self.st("AppFeature.Destination"), "stats", St(self.st("RoundStats"), [
            ("section", self.case("overview", "RoundStats.Section")), ("stats", NIL), ("post", NIL)])))
        return self.act("round", A(self.at("Round"), "finishRoundButtonTapped"))

    @signal
    def stats_response(self):
        me = self.history["pl_me"]
        total = sum(me.values())
        fw = self.rng.randint(5, 11)
        gir = self.rng.randint(4, 11)
        putts = self.rng.randint(29, 36)
        self.set(self.dpath("stats", "stats"), St("RoundSummary", [
            ("strokes", num(total)), ("toPar", num(total - 72)), ("fairwaysHit", num(fw)),
            ("greensInRegulation", num(gir)), ("putts", num(putts)), ("shotsTracked", num(len(self.shot_ids)))]))
        return self.dest("stats", "RoundStats", ("statsResponse", self.result("RoundSummary", True, Struct(
            "RoundSummary", [("strokes", Raw(str(total))), ("fairwaysHit", Raw(str(fw))),
                             ("greensInRegulation", Raw(str(gir))), ("putts", Raw(str(putts)))]))))

    @signal
    def section_picked(self, section):
        self.set(self.dpath("stats", "section"), self.case(section, "RoundStats.Section"))
        return self.dest("stats", "RoundStats", self.binding("RoundStats", "section", Raw("." + section)))

    @signal
    def post_tapped(self):
        self.set(self.dpath("stats", "post"), St(self.st("PostRound"), [
            ("caption", text("")), ("visibility", self.case("friends", "Visibility")), ("isPosting", boolean(False))]))
        return self.dest("stats", "RoundStats", ("postButtonTapped",))

    @signal
    def post_submit(self):
        self.set(self.dpath("stats", "post", "isPosting"), boolean(True))
        return self.dest("stats", "RoundStats", ("post", self.pres("PostRound", A(self.at("PostRound"),
                                                                                "shareButtonTapped"))))

    @signal
    def post_response(self, pid):
        self.set(self.dpath("stats", "post", "isPosting"), boolean(False))
        response = self.result("FeedPost", True, Struct("FeedPost", [("id", q(pid))]))
        return self.dest("stats", "RoundStats", ("post", self.pres("PostRound", A(self.at("PostRound"), "postResponse",
                                                                                response))))

    @signal
    def post_delegate(self, pid):
        action = self.dest("stats", "RoundStats", ("post", self.pres("PostRound", A(
            self.at("PostRound"), "delegate", A(self.at("PostRound") + ".Delegate", "posted", id=q(pid))))))
        self.set(self.dpath("stats", "post"), NIL)
        return action

    # -- processes
    def processes(self):
        return [self.person(), self.gps(), self.compass(), self.periodic(self.clock_ticked, 1.0, 0.003, first=1.0),
                self.watch(), self.weather(), self.partners()] 

    def gps(self):
        rng = self.rng
        yield rng.uniform(0.8, 2.0)
        while True:
            drift = [self.pos[0] + rng.gauss(0, 0.8), self.pos[1] + rng.gauss(0, 0.8)]
            keep, self.pos = self.pos, drift
            self.emit(self.location, round(rng.uniform(3.0, 9.0), 1))
            self.pos = keep
            yield rng.uniform(0.97, 1.03)

    def compass(self):
        """CLHeading past a 1° filter (the hole map turns heading-up): a steady trickle while the
        phone is in the hand, a few a second while the cart turns, bursts when it is picked up."""
        rng = self.rng
        while True:
            if self.using_phone:
                yield rng.uniform(0.1, 0.2)
                self.heading = (self.heading + rng.gauss(0, 3)) % 360
            elif self.moving:
                yield rng.uniform(0.25, 0.6)
                self.heading = (self.heading + rng.gauss(0, 6)) % 360
            else:
                yield rng.uniform(4, 25)
                for _ in range(rng.randint(3, 15)):
                    yield rng.uniform(0.1, 0.25)
                    self.heading = (self.heading + rng.choice([-1, 1]) * rng.uniform(1, 9)) % 360
                    self.emit(self.heading_updated, round(self.heading, 1))
                continue
            self.emit(self.heading_updated, round(self.heading, 1))

    def watch(self):
        rng = self.rng
        yield rng.uniform(1.5, 4.0)
        self.emit(self.watch_activated)
        self.spawn(self.heart())
        while True:
            yield self.expo(70.0) if self.watch_reachable else rng.uniform(5, 40)
            self.emit(self.watch_reach, not self.watch_reachable)

    def heart(self):
        """The watch's workout session sends the heart rate every 5 s while it is reachable."""
        rng = self.rng
        bpm = rng.randint(88, 105)
        due = self.now + rng.uniform(0.5, 5)
        k = 0
        while True:
            yield max(0.0005, due + 5.0 * k + rng.uniform(-0.05, 0.05) - self.now)
            k += 1
            if not self.watch_reachable:
                continue
            bpm = max(72, min(135, bpm + rng.randint(-3, 3)))
            self.emit(self.heart_rate, bpm)

    def weather(self):
        rng = self.rng
        yield rng.uniform(1.0, 2.5)
        self.emit(self.weather_response)
        due = self.now
        k = 1
        while True:
            yield max(0.0005, due + 300.0 * k + rng.uniform(-0.1, 0.1) - self.now)
            k += 1
            self.emit(self.weather_tick)
            yield rng.uniform(0.3, 1.2)
            self.emit(self.weather_response)

    def partners(self):
        for pid, _, app in GOLFERS:
            if app:
                self.spawn(self.partner_phone(pid))
        return
        yield

    def partner_phone(self, pid):
        """A partner's phone: its position every ~5 s (the group channel's rate)."""
        rng = self.rng
        period = rng.uniform(4.5, 6.0)
        yield rng.uniform(1, period)
        while True:
            # they stay within a few dozen metres of the player, moving along the hole
            target = [self.pos[0] + rng.uniform(-25, 25), self.pos[1] + rng.uniform(-20, 30)]
            xy = self.partner_pos[pid]
            self.partner_pos[pid] = [xy[0] + (target[0] - xy[0]) * 0.3, xy[1] + (target[1] - xy[1]) * 0.3]
            self.emit(self.partner_position, pid)
            yield period + rng.uniform(-0.15, 0.15)

    def post_partner_scores(self, hole):
        rng = self.rng
        for pid, _, app in GOLFERS:
            if app and rng.random() < 0.85:
                par = HOLES[hole][0]
                self.spawn(self._post_later(pid, hole, par + rng.choice([-1, 0, 0, 1, 1, 2])), rng.uniform(5, 80))

    def _post_later(self, pid, hole, strokes):
        yield 0.0
        self.emit(self.partner_score, pid, hole, strokes)

    def drive_to(self, target, speed):
        """The cart (or the player on foot) to a spot; the GPS process reports the way."""
        rng = self.rng
        self.moving = True
        while True:
            d = math.hypot(target[0] - self.pos[0], target[1] - self.pos[1])
            if d < 2:
                self.moving = False
                return
            step = min(d, speed * rng.uniform(0.85, 1.1))
            self.pos = [self.pos[0] + (target[0] - self.pos[0]) * step / d,
                        self.pos[1] + (target[1] - self.pos[1]) * step / d]
            yield 1.0

    def pick_club(self, yards):
        best = CLUBS[-1][0]
        for club, carry in CLUBS:
            if carry <= yards + 8:
                return club
        return best

    def hit(self, club):
        _, tee, green, _ = HOLES[self.hole]
        carry = dict(CLUBS)[club] / YD * self.rng.uniform(0.85, 1.05)
        remaining = math.hypot(green[0] - self.ball[0], green[1] - self.ball[1])
        metres = min(carry, remaining + self.rng.uniform(-8, 6))
        self.last_shot_yards = metres * YD
        self.ball = self.toward(self.ball, green, metres, self.rng.uniform(-10, 10) * metres / 150.0)
        self.stroke += 1

    def hole_map(self):
        rng = self.rng
        self.emit(self.hole_map_tapped)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.hazards_response)
        z = 1.0
        for _ in range(rng.randint(1, 3)):
            yield rng.uniform(1, 4)
            r = rng.random()
            if r < 0.5:
                goal = round(min(4.0, max(0.6, z * rng.uniform(0.6, 2.2))), 2)
                hz = rng.uniform(55, 60)
                n = max(6, int(hz * rng.uniform(0.3, 1.2)))
                start = z
                yield from self.gesture(self.map_zoomed, hz=hz, duration=n / hz, args=lambda i: (
                    round(start + (goal - start) * (i + 1) / n, 3),))
                z = goal
            elif r < 0.75:
                self.emit(self.hazard_tapped, rng.choice(HOLES[self.hole][3])[0])
            else:
                _, tee, green, _ = HOLES[self.hole]
                a = self.toward(self.pos, green, rng.uniform(60, 140), rng.uniform(-15, 15))
                b = self.toward(self.pos, green, rng.uniform(120, 220), rng.uniform(-15, 15))
                hz = rng.uniform(55, 60)
                n = max(8, int(hz * rng.uniform(0.6, 2.0)))
                yield from self.gesture(self.target_dragged, hz=hz, duration=n / hz, args=lambda i: (
                    [a[0] + (b[0] - a[0]) * (i + 1) / n + rng.gauss(0, 0.3),
                     a[1] + (b[1] - a[1]) * (i + 1) / n + rng.gauss(0, 0.3)],))
                self.emit(self.target_drag_ended)
        yield rng.uniform(2, 6)
        self.emit(self.map_dismissed)

    def play_shot(self):
        rng = self.rng
        _, tee, green, _ = HOLES[self.hole]
        yards = math.hypot(green[0] - self.ball[0], green[1] - self.ball[1]) * YD
        club = self.pick_club(yards)
        self.using_phone = True
        if rng.random() < 0.25 and self.watch_reachable:
            yield rng.uniform(5, 20)
            self.using_phone = False
            self.emit(self.watch_marked, club)
        else:
            yield rng.uniform(2, 8)
            self.emit(self.club_picked, club)
            yield rng.uniform(1.5, 6)
            self.emit(self.mark_shot, club)
            self.using_phone = False
        yield rng.uniform(8, 25)                 # the swing, watching the ball, the others hit
        self.hit(club)

    def play_hole(self, first):
        rng = self.rng
        par, tee, green, _ = HOLES[self.hole]
        if not first:
            yield from self.drive_to([tee[0] + rng.uniform(-3, 3), tee[1] + rng.uniform(-3, 3)], rng.uniform(4, 6))
            self.ball = [tee[0], tee[1]]
            yield rng.uniform(5, 15)
            if rng.random() < 0.7:
                self.using_phone = True
                yield from self.hole_map()
                self.using_phone = False
            self.using_phone = True
            yield rng.uniform(5, 20)
            yield from self.play_shot()
        while math.hypot(green[0] - self.ball[0], green[1] - self.ball[1]) > 12:
            yield from self.drive_to([self.ball[0] + rng.uniform(-6, 6), self.ball[1] - rng.uniform(3, 8)],
                                     rng.uniform(4.0, 6.5))
            yield from self.drive_to(self.ball, 1.3)       # the last steps on foot
            self.using_phone = True                        # the yardages, before choosing a club
            yield rng.uniform(8, 25)
            if rng.random() < 0.2:
                self.using_phone = True
                yield from self.hole_map()
                self.using_phone = False
            yield from self.play_shot()
        yield from self.drive_to([green[0] + 22, green[1] - 10], rng.uniform(4.0, 6.0))   # the cart path
        yield from self.drive_to(green, 1.2)
        yield rng.uniform(30, 60)                   # putting out, the others too
        self.post_partner_scores(self.hole)
        yield from self.drive_to([green[0] + 25, green[1] + 10], 1.3)
        yield rng.uniform(3, 10)
        self.using_phone = True
        self.emit(self.scorecard_tapped)
        for pid, _, app in GOLFERS:
            yield rng.uniform(1.5, 4.0)
            entries = self.get(self.dpath("scoreEntry", "entries")).items
            cur = int(entries[self.entry_ids.index(pid)].f["strokes"].cd)
            goal = self.posted.get((pid, self.hole)) or (par + rng.choice([-1, 0, 0, 1, 1, 2]))
            for _ in range(abs(goal - cur)):
                self.emit(self.stepper, pid, "strokes", 1 if goal > cur else -1)
                yield rng.uniform(0.25, 0.7)
            if pid == "pl_me" and rng.random() < 0.5:
                yield rng.uniform(0.5, 1.5)
                self.emit(self.stepper, pid, "putts", rng.choice([1, -1]))
        yield rng.uniform(1, 4)
        self.emit(self.score_save)
        yield rng.uniform(0.2, 0.8)
        self.emit(self.score_response)
        self.emit(self.score_delegate)
        if self.watch_reachable:
            yield rng.uniform(0.3, 1.5)
            self.emit(self.watch_synced)
        self.using_phone = False

    def person(self):
        rng = self.rng
        yield rng.uniform(0.2, 0.6)
        self.emit(self.appeared)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.round_response)
        yield from self.play_hole(first=True)
        yield rng.uniform(3, 10)
        self.emit(self.next_hole)
        yield rng.uniform(0.2, 0.7)
        self.emit(self.hole_response)
        yield from self.play_hole(first=False)
        yield rng.uniform(5, 20)
        self.using_phone = True
        self.emit(self.finish_round)
        yield rng.uniform(0.4, 1.2)
        self.emit(self.stats_response)
        for section in rng.sample(["driving", "approach", "putting", "overview"], rng.randint(2, 4)):
            yield rng.uniform(4, 15)
            self.emit(self.section_picked, section)
        yield rng.uniform(3, 10)
        self.emit(self.post_tapped)
        yield rng.uniform(1.5, 4)
        caption = rng.choice(CAPTIONS)
        typed = ""
        for ch in caption:
            typed += ch
            self.emit(self.caption_typed, typed)
            yield rng.uniform(0.08, 0.35) if ch != " " else rng.uniform(0.2, 0.8)
        yield rng.uniform(1, 4)
        self.emit(self.post_submit)
        yield rng.uniform(0.5, 1.8)
        pid = self.short_id("post")
        self.emit(self.post_response, pid)
        self.emit(self.post_delegate, pid)
        self.using_phone = False
        while True:                                  # the phone back in the bag, the app still up
            yield 60.0


APPS = {"audiorooms": AudioRooms, "pettracker": PetTracker, "golf": Golf}
