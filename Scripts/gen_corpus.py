#!/usr/bin/env python3
"""Generate Kith's benchmark corpora, deterministically (same bytes on every run).

    python3 Scripts/gen_corpus.py OUTDIR [--cards N] [--events N] [--entries N]
    python3 Scripts/gen_corpus.py --uniform-calendar FILE [--events N]

Writes into OUTDIR:
  contacts.vcf   an address book of 10,000 cards (~8 MB) mixing vCard 2.1 (quoted-printable
                 with soft line breaks, UTF-8 and Windows-1252, TEL;CELL;PREF, BASE64
                 photos), 3.0 (Apple item1.X-ABLabel groups, PHOTO;ENCODING=b,
                 X-APPLE-OMIT-YEAR birthdays) and 4.0 (data: URI photos, BDAY:--0412,
                 INTEREST/HOBBY); non-ASCII names, folded lines, fake JPEG photos.
  calendar.ics   one VCALENDAR of 100,000 VEVENTs (~58 MB) with VTIMEZONEs for
                 Europe/Berlin, America/New_York and Asia/Taipei; TZID, UTC and all-day
                 times, folded non-ASCII DESCRIPTIONs, LOCATION, GEO, CATEGORIES,
                 ATTENDEEs, some RRULEs.
  journal.txt    a jrnl journal of 10,000 entries with @tags, one per day or so.
  params.env     shell variables the benchmark uses (a frequent attendee, a busy month, a tag).

--uniform-calendar writes only FILE: N VEVENTs (default 100,000) all shaped alike, as a
Google export is (TZID times in the three zones above but no VTIMEZONE, an escaped and folded
DESCRIPTION, LOCATION, ORGANIZER, ATTENDEE, CATEGORIES, an X- property), for
Scripts/ical-bench.sh's events/s and MB/s.

Only the standard library; random.Random with a fixed seed, no hash-ordered iteration,
so the output depends on nothing but this file and the arguments.
"""

import argparse
import base64
import datetime as dt
import os
import random
import sys

SEED = 20261122
CRLF = "\r\n"

# ---------------------------------------------------------------------------------------
# Pools of names and words (a mix of scripts and languages, like a real phone book).

FIRST_LATIN = [
    "Ana", "Ben", "Chloé", "Daniel", "Émilie", "François", "Jürgen", "Jörg", "Søren", "Zoë",
    "María", "José", "Inês", "João", "Léa", "Noël", "Björn", "Åsa", "Ólafur", "Renée",
    "Mark", "Sarah", "Tom", "Lucy", "Peter", "Anna", "Paul", "Laura", "Max", "Emma",
    "Chiara", "Luca", "Ñandú", "Françoise", "Thérèse", "Günther", "Małgorzata", "Łukasz",
    "Dvořák", "Ines", "Marta", "Kai", "Yusuf", "Aylin", "Çağla", "Şebnem", "Nguyễn", "Olga",
]
LAST_LATIN = [
    "Lima", "Müller", "Schröder", "Weiß", "García", "Peña", "Gonçalves", "Løkke", "Öztürk",
    "Dubois", "Lefèvre", "Smith", "Jones", "Brown", "Rossi", "Bianchi", "Kowalski",
    "Nowak", "Wójcik", "Novák", "Horváth", "Jensen", "Hansen", "Åberg", "Ström", "Costa",
    "Silva", "Santos", "Fernández", "Martín", "Byrne", "O'Brien", "Nakamura", "Tanaka",
    "Chen", "Wang", "Lin", "Huang", "Tran", "Phạm", "Kim", "Park", "Yılmaz", "Demir",
]
# Names written in other scripts, kept whole (family name first where that is the custom).
WHOLE_NAMES = [
    ("王", "小明"), ("林", "美玲"), ("陳", "志豪"), ("張", "淑芬"), ("李", "家豪"),
    ("山田", "太郎"), ("佐藤", "花子"), ("鈴木", "一郎"), ("김", "민준"), ("이", "서연"),
    ("Παπαδόπουλος", "Γιώργος"), ("Οικονόμου", "Ελένη"), ("Иванов", "Сергей"),
    ("Петрова", "Анна"), ("Кузнецов", "Дмитрий"), ("כהן", "נועה"), ("حداد", "ليلى"),
]
# Latin-1 only names for the Windows-1252 cards.
FIRST_1252 = ["Jürgen", "Chloé", "Émilie", "François", "Søren", "Zoë", "María", "José",
              "Inês", "João", "Léa", "Noël", "Björn", "Åsa", "Renée", "Thérèse"]
LAST_1252 = ["Müller", "Schröder", "Weiß", "García", "Peña", "Gonçalves", "Løkke",
             "Dubois", "Lefèvre", "Åberg", "Ström", "Fernández", "Martín"]

ORGS = ["Acme GmbH", "Blue Bottle Coffee", "Société Générale", "Taipei 101 Ltd.",
        "Universität Wien", "台積電", "Nordisk Film", "Café Müller", "Oficina Lisboa",
        "Globex Corporation", "Initech", "Umbrella S.A.", "Zürich Versicherung"]
TITLES = ["Engineer", "Teacher", "Designer", "Nurse", "Chef", "Architect", "Ärztin",
          "Ingénieure", "Product Manager", "Student", "Researcher", "工程師"]
CITIES = [
    ("Berlin", "10115", "Germany", "de"), ("München", "80331", "Germany", "de"),
    ("Taipei", "100", "Taiwan", "tw"), ("New York", "10001", "USA", "us"),
    ("Lisboa", "1100-148", "Portugal", "pt"), ("Paris", "75002", "France", "fr"),
    ("København", "1050", "Denmark", "dk"), ("Zürich", "8001", "Switzerland", "ch"),
    ("São Paulo", "01310-000", "Brazil", "br"), ("Kraków", "31-008", "Poland", "pl"),
    ("東京", "100-0001", "Japan", "jp"), ("Αθήνα", "105 57", "Greece", "gr"),
]
STREETS = ["Hauptstraße", "Rue de Rivoli", "Rua Augusta", "Main Street", "Bahnhofstraße",
           "忠孝東路四段", "Strøget", "Kärntner Straße", "Avenida Paulista", "Ulica Floriańska"]
INTERESTS = ["climbing", "chess", "jazz", "cycling", "photography", "gardening", "sailing",
             "pottery", "running", "baking", "birdwatching", "tango", "go", "origami"]
LABELS = ["_$!<Other>!$_", "_$!<HomePage>!$_", "_$!<Anniversary>!$_", "Gym", "Work (old)",
          "Signal", "Büro"]

WORDS = (
    "coffee walk long talk about the new job and her move to Lisbon in spring we laughed "
    "about the old days dinner was great next time bring the photos from the trip "
    "Kaffee Spaziergang Geburtstag Überraschung schön gemütlich Grüße "
    "café déjà vu été rendez-vous très agréable à bientôt "
    "咖啡 散步 聊天 生日 朋友 很開心 下次見 "
    "καφές βόλτα φίλοι прогулка кофе друзья "
    "climbing gym bouldering started in May planning a hike 🎉 ☕ "
).split()

EVENT_TITLES = ["Coffee", "Lunch", "Dinner", "Call", "Walk", "Climbing", "Birthday party",
                "Meeting", "Kaffee", "Abendessen", "Déjeuner", "聚餐", "Movie night",
                "Board games", "Concert", "Hike", "Chat", "Video call"]
PLACES = [
    ("Blue Bottle, Taipei", 25.0330, 121.5654), ("Café Einstein, Berlin", 52.5065, 13.3731),
    ("Central Park, New York", 40.7829, -73.9654), ("Boulderhalle Kegel, Berlin", 52.4977, 13.4412),
    ("象山步道, 台北", 25.0274, 121.5765), ("Prater, Wien", 48.2167, 16.3958),
    ("Time Out Market, Lisboa", 38.7070, -9.1459), ("Home", None, None),
    ("Brooklyn Bridge Park", 40.7003, -73.9967), ("Café de Flore, Paris", 48.8541, 2.3326),
]
CATEGORIES = ["Chat", "Meal", "Friends", "Family", "Work", "Sport", "Celebration",
              "Travel", "Freunde", "Famille", "朋友"]
ZONES = ["Europe/Berlin", "America/New_York", "Asia/Taipei"]
PARTSTATS = ["ACCEPTED", "TENTATIVE", "NEEDS-ACTION", "DECLINED"]

VTIMEZONES = {
    "Europe/Berlin": [
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "X-LIC-LOCATION:Europe/Berlin",
        "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST",
        "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
        "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET",
        "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
        "END:VTIMEZONE",
    ],
    "America/New_York": [
        "BEGIN:VTIMEZONE", "TZID:America/New_York", "X-LIC-LOCATION:America/New_York",
        "BEGIN:DAYLIGHT", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "TZNAME:EDT",
        "DTSTART:19700308T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "END:DAYLIGHT",
        "BEGIN:STANDARD", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "TZNAME:EST",
        "DTSTART:19701101T020000", "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "END:STANDARD",
        "END:VTIMEZONE",
    ],
    "Asia/Taipei": [
        "BEGIN:VTIMEZONE", "TZID:Asia/Taipei", "X-LIC-LOCATION:Asia/Taipei",
        "BEGIN:STANDARD", "TZOFFSETFROM:+0800", "TZOFFSETTO:+0800", "TZNAME:CST",
        "DTSTART:19700101T000000", "END:STANDARD", "END:VTIMEZONE",
    ],
}

# ---------------------------------------------------------------------------------------
# Encoding helpers.


def fold(line: str) -> str:
    """Fold one content line at 75 octets (RFC 5545/6350), never inside a UTF-8 sequence."""
    data = line.encode("utf-8")
    if len(data) <= 75:
        return line + CRLF
    parts = []
    start, limit = 0, 75
    while start < len(data):
        end = min(start + limit, len(data))
        while end < len(data) and (data[end] & 0xC0) == 0x80:  # back off a continuation byte
            end -= 1
        parts.append(data[start:end].decode("utf-8"))
        start, limit = end, 74  # continuation lines begin with one space
    return (CRLF + " ").join(parts) + CRLF


def qp_encode(value: str, charset: str) -> str:
    """Quoted-printable text of value in charset, one string without line breaks."""
    out = []
    for b in value.encode(charset):
        if 33 <= b <= 126 and b != ord("=") or b == 32:
            out.append(chr(b))
        else:
            out.append("=%02X" % b)
    return "".join(out)


def qp_line(prefix: str, value: str, charset: str) -> str:
    """A vCard 2.1 property with a QP value and soft line breaks ('=' then CRLF, no indent)."""
    head = prefix + ";CHARSET=" + charset + ";ENCODING=QUOTED-PRINTABLE:"
    text = qp_encode(value, charset)
    lines, current, width = [], head, 75
    i = 0
    while i < len(text):
        token = text[i:i + 3] if text[i] == "=" else text[i]
        if len(current) + len(token) > width:
            lines.append(current + "=")
            current = ""
        current += token
        i += len(token)
    lines.append(current)
    return CRLF.join(lines) + CRLF


def fake_jpeg(rng: random.Random, size: int) -> bytes:
    """Bytes that look like a small JPEG: SOI + JFIF APP0, a body, EOI."""
    head = bytes([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + b"JFIF\x00" + bytes(
        [0x01, 0x01, 0x00, 0x00, 0x48, 0x00, 0x48, 0x00, 0x00])
    body = bytes(rng.getrandbits(8) for _ in range(size))
    return head + body + bytes([0xFF, 0xD9])


def b64_block_21(data: bytes) -> str:
    """Base64 body for a 2.1 photo: lines of 76 characters indented by two spaces, then a blank line."""
    text = base64.b64encode(data).decode("ascii")
    rows = [text[i:i + 76] for i in range(0, len(text), 76)]
    return rows[0] + CRLF + "".join("  " + r + CRLF for r in rows[1:]) + CRLF


def esc(text: str) -> str:
    """vCard 3.0/4.0 and iCalendar TEXT escaping."""
    return (text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\n", "\\n"))


# ---------------------------------------------------------------------------------------
# vCards.


class People:
    def __init__(self, rng: random.Random, count: int):
        self.names = []  # (family, given, display)
        for i in range(count):
            r = rng.random()
            if r < 0.12:
                family, given = rng.choice(WHOLE_NAMES)
                display = family + given if ord(family[0]) > 0x2E80 else given + " " + family
            else:
                family, given = rng.choice(LAST_LATIN), rng.choice(FIRST_LATIN)
                display = given + " " + family
            # Make most names unique like a real book, keep some duplicates and namesakes.
            if rng.random() < 0.9:
                suffix = " " + "ABCDEFGHJKLMNPRSTUVWZ"[i % 21] + str(i // 21)
                given += suffix
                display = display + suffix
            self.names.append((family, given, display))


def email_for(rng, given, family, i):
    local = "".join(c for c in (given.split(" ")[0] + "." + family).lower() if c.isascii() and (c.isalnum() or c == "."))
    if not local.strip("."):
        local = "person"
    return "%s%d@%s" % (local, i, rng.choice(["example.com", "example.org", "mail.example.net", "posteo.example"]))


def phone(rng):
    return rng.choice(["+49 30 ", "+1 212 ", "+886 2 ", "+351 21 ", "+33 1 "]) + "%04d %04d" % (
        rng.randrange(10000), rng.randrange(10000))


def note_text(rng, lo, hi):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(lo, hi)))


def card_21(rng, i, family, given, display):
    use_1252 = rng.random() < 0.3
    if use_1252:
        family, given = rng.choice(LAST_1252), rng.choice(FIRST_1252) + given[len(given.split(" ")[0]):]
        display = given + " " + family
        charset = "WINDOWS-1252"
    else:
        charset = "UTF-8"
    out = ["BEGIN:VCARD" + CRLF, "VERSION:2.1" + CRLF]
    out.append(qp_line("N", family + ";" + given + ";;;", charset))
    out.append(qp_line("FN", display, charset))
    out.append("TEL;CELL;PREF:" + phone(rng) + CRLF)
    if rng.random() < 0.6:
        out.append("TEL;HOME;VOICE:" + phone(rng) + CRLF)
    if rng.random() < 0.3:
        out.append("TEL;WORK;FAX:" + phone(rng) + CRLF)
    out.append("EMAIL;INTERNET;PREF:" + email_for(rng, given, family, i) + CRLF)
    city, zipc, country, _ = rng.choice(CITIES)
    if charset == "WINDOWS-1252":
        city, country = "Zürich", "Schweiz"
    street = rng.choice(STREETS) if charset == "UTF-8" else "Bahnhofstraße"
    out.append(qp_line("ADR;HOME", ";;%s %d;%s;;%s;%s" % (street, rng.randint(1, 200), city, zipc, country), charset))
    if rng.random() < 0.5:
        out.append(qp_line("ORG", rng.choice(ORGS) if charset == "UTF-8" else "Café Müller", charset))
    if rng.random() < 0.7:
        note = note_text(rng, 4, 18)
        if charset == "WINDOWS-1252":
            note = note.encode("cp1252", "ignore").decode("cp1252")
        out.append(qp_line("NOTE", note, charset))
    if rng.random() < 0.5:
        out.append("BDAY:%04d-%02d-%02d" % (rng.randint(1940, 2010), rng.randint(1, 12), rng.randint(1, 28)) + CRLF)
    if rng.random() < PHOTO_SHARE:
        out.append("PHOTO;ENCODING=BASE64;TYPE=JPEG:" + b64_block_21(fake_jpeg(rng, rng.randint(*PHOTO_BYTES))))
    out.append("END:VCARD" + CRLF)
    return "".join(out)


def card_30(rng, i, family, given, display):
    out = [
        "BEGIN:VCARD" + CRLF, "VERSION:3.0" + CRLF,
        "PRODID:-//Apple Inc.//macOS 14.5//EN" + CRLF,
        fold("N:%s;%s;;;" % (esc(family), esc(given))),
        fold("FN:" + esc(display)),
    ]
    if rng.random() < 0.5:
        out.append(fold("ORG:%s;" % esc(rng.choice(ORGS))))
        out.append(fold("TITLE:" + esc(rng.choice(TITLES))))
    out.append(fold("EMAIL;type=INTERNET;type=HOME;type=pref:" + email_for(rng, given, family, i)))
    if rng.random() < 0.4:
        out.append(fold("EMAIL;type=INTERNET;type=WORK:" + email_for(rng, given, "work", i)))
    out.append("TEL;type=CELL;type=VOICE;type=pref:" + phone(rng) + CRLF)
    if rng.random() < 0.5:
        out.append("TEL;type=HOME;type=VOICE:" + phone(rng) + CRLF)
    city, zipc, country, cc = rng.choice(CITIES)
    out.append(fold("item1.ADR;type=HOME;type=pref:;;%s %d;%s;;%s;%s" % (
        esc(rng.choice(STREETS)), rng.randint(1, 200), esc(city), zipc, esc(country))))
    out.append("item1.X-ABADR:" + cc + CRLF)
    if rng.random() < 0.6:
        out.append(fold("item2.URL;type=pref:https\\://example.com/~p%d" % i))
        out.append("item2.X-ABLabel:" + rng.choice(LABELS) + CRLF)
    if rng.random() < 0.3:
        out.append(fold("item3.X-ABRELATEDNAMES;type=pref:" + esc(rng.choice(FIRST_LATIN))))
        out.append("item3.X-ABLabel:_$!<Friend>!$_" + CRLF)
    r = rng.random()
    if r < 0.25:
        out.append("BDAY;X-APPLE-OMIT-YEAR=1604:1604-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28)) + CRLF)
    elif r < 0.6:
        out.append("BDAY;value=date:%04d-%02d-%02d" % (rng.randint(1940, 2010), rng.randint(1, 12), rng.randint(1, 28)) + CRLF)
    if rng.random() < 0.6:
        out.append(fold("NOTE:" + esc(note_text(rng, 4, 18))))
    if rng.random() < 0.2:
        out.append("X-SOCIALPROFILE;type=twitter:https://x.example/p%d" % i + CRLF)
    if rng.random() < PHOTO_SHARE:
        data = base64.b64encode(fake_jpeg(rng, rng.randint(*PHOTO_BYTES))).decode("ascii")
        out.append(fold("PHOTO;ENCODING=b;TYPE=JPEG:" + data))
    out.append("CATEGORIES:%s" % rng.choice(["Friends", "Family", "Work", "Climbing,Friends", "College"]) + CRLF)
    out.append("UID:%08X-%04X-4%03X-A%03X-%012X" % (
        rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12), rng.getrandbits(12), rng.getrandbits(48)) + CRLF)
    out.append("REV:2024-%02d-%02dT10:00:00Z" % (rng.randint(1, 12), rng.randint(1, 28)) + CRLF)
    out.append("END:VCARD" + CRLF)
    return "".join(out)


def card_40(rng, i, family, given, display):
    out = [
        "BEGIN:VCARD" + CRLF, "VERSION:4.0" + CRLF,
        "PRODID:-//Kith bench//gen_corpus//EN" + CRLF,
        fold("FN:" + esc(display)),
        fold("N:%s;%s;;;" % (esc(family), esc(given))),
        "UID:urn:uuid:%08x-%04x-4%03x-8%03x-%012x" % (
            rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12), rng.getrandbits(12), rng.getrandbits(48)) + CRLF,
        fold("EMAIL;TYPE=home;PREF=1:" + email_for(rng, given, family, i)),
        'TEL;VALUE=uri;TYPE="cell,voice";PREF=1:tel:' + phone(rng).replace(" ", "-") + CRLF,
    ]
    if rng.random() < 0.6:
        out.append("BDAY:--%02d%02d" % (rng.randint(1, 12), rng.randint(1, 28)) + CRLF)
    else:
        out.append("BDAY:%04d%02d%02d" % (rng.randint(1940, 2010), rng.randint(1, 12), rng.randint(1, 28)) + CRLF)
    if rng.random() < 0.3:
        out.append("ANNIVERSARY:%04d%02d%02d" % (rng.randint(1980, 2024), rng.randint(1, 12), rng.randint(1, 28)) + CRLF)
    city, zipc, country, _ = rng.choice(CITIES)
    out.append(fold('ADR;TYPE=home;LABEL="%s %d\\n%s %s":;;%s %d;%s;;%s;%s' % (
        rng.choice(STREETS), rng.randint(1, 200), zipc, city,
        esc(rng.choice(STREETS)), rng.randint(1, 200), esc(city), zipc, esc(country))))
    out.append("LANG;PREF=1:%s" % rng.choice(["de", "en", "zh-Hant", "pt", "fr"]) + CRLF)
    for _ in range(rng.randint(1, 3)):
        out.append("INTEREST;LEVEL=%s:%s" % (rng.choice(["low", "medium", "high"]), rng.choice(INTERESTS)) + CRLF)
    if rng.random() < 0.5:
        out.append("HOBBY;LEVEL=high:%s" % rng.choice(INTERESTS) + CRLF)
    if rng.random() < 0.5:
        out.append(fold("NOTE:" + esc(note_text(rng, 4, 18))))
    if rng.random() < 0.2:
        out.append("RELATED;TYPE=friend;VALUE=text:%s" % esc(rng.choice(FIRST_LATIN)) + CRLF)
    if rng.random() < PHOTO_SHARE:
        data = base64.b64encode(fake_jpeg(rng, rng.randint(*PHOTO_BYTES))).decode("ascii")
        out.append(fold("PHOTO:data:image/jpeg;base64," + data))
    out.append("REV:2024%02d%02dT100000Z" % (rng.randint(1, 12), rng.randint(1, 28)) + CRLF)
    out.append("END:VCARD" + CRLF)
    return "".join(out)


PHOTO_SHARE = 0.12
PHOTO_BYTES = (900, 1800)


def write_contacts(path, rng, count, people):
    with open(path, "w", encoding="utf-8", newline="") as f:
        for i in range(count):
            family, given, display = people.names[i]
            r = rng.random()  # 20 % 2.1, 60 % 3.0, 20 % 4.0
            if r < 0.2:
                f.write(card_21(rng, i, family, given, display))
            elif r < 0.8:
                f.write(card_30(rng, i, family, given, display))
            else:
                f.write(card_40(rng, i, family, given, display))


# ---------------------------------------------------------------------------------------
# iCalendar.


def write_calendar(path, rng, count, people, first_year, last_year):
    start = dt.date(first_year, 1, 1)
    days = (dt.date(last_year, 12, 31) - start).days + 1
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = f.write
        for line in ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Kith bench//gen_corpus//EN",
                     "CALSCALE:GREGORIAN", "X-WR-CALNAME:Kith benchmark", "X-WR-TIMEZONE:Europe/Berlin"]:
            w(line + CRLF)
        for zone in ZONES:
            for line in VTIMEZONES[zone]:
                w(line + CRLF)
        for i in range(count):
            day = start + dt.timedelta(days=i * days // count)
            hour, minute = rng.randint(7, 21), rng.choice([0, 15, 30, 45])
            length = rng.choice([30, 60, 90, 120, 180])
            kind = rng.random()
            w("BEGIN:VEVENT" + CRLF)
            w("UID:kith-bench-%06d@example.org" % i + CRLF)
            w("DTSTAMP:20250101T120000Z" + CRLF)
            if kind < 0.15:  # all-day
                w("DTSTART;VALUE=DATE:%s" % day.strftime("%Y%m%d") + CRLF)
                w("DTEND;VALUE=DATE:%s" % (day + dt.timedelta(days=1)).strftime("%Y%m%d") + CRLF)
            else:
                s = dt.datetime(day.year, day.month, day.day, hour, minute)
                e = s + dt.timedelta(minutes=length)
                if kind < 0.35:  # UTC
                    w("DTSTART:%s" % s.strftime("%Y%m%dT%H%M%SZ") + CRLF)
                    w("DTEND:%s" % e.strftime("%Y%m%dT%H%M%SZ") + CRLF)
                else:
                    zone = ZONES[0] if kind < 0.65 else ZONES[1] if kind < 0.82 else ZONES[2]
                    w("DTSTART;TZID=%s:%s" % (zone, s.strftime("%Y%m%dT%H%M%S")) + CRLF)
                    w("DTEND;TZID=%s:%s" % (zone, e.strftime("%Y%m%dT%H%M%S")) + CRLF)
            guests = [people.names[rng.randrange(len(people.names))] for _ in range(rng.choice([1, 1, 1, 1, 2, 3]))]
            # A few people come up again and again (a partner, a best friend).
            if rng.random() < 0.3:
                guests[0] = people.names[rng.randrange(5)]
            title = rng.choice(EVENT_TITLES)
            w(fold("SUMMARY:" + esc(title + " with " + guests[0][2])))
            desc = note_text(rng, 5, 20)
            if rng.random() < 0.3:
                desc += "\n" + note_text(rng, 2, 10)
            w(fold("DESCRIPTION:" + esc(desc)))
            place, lat, lon = rng.choice(PLACES)
            w(fold("LOCATION:" + esc(place)))
            if lat is not None:
                w("GEO:%.4f;%.4f" % (lat, lon) + CRLF)
            cats = sorted(set(rng.choice(CATEGORIES) for _ in range(rng.randint(1, 3))))
            w(fold("CATEGORIES:" + ",".join(esc(c) for c in cats)))
            if rng.random() < 0.3:
                w("ORGANIZER;CN=Kith User:mailto:me@example.org" + CRLF)
            for family, given, display in guests:
                w(fold('ATTENDEE;CN="%s";ROLE=REQ-PARTICIPANT;PARTSTAT=%s:mailto:%s' % (
                    display, rng.choice(PARTSTATS), email_for(rng, given, family, 0))))
            if rng.random() < 0.05:
                w(rng.choice(["RRULE:FREQ=WEEKLY;COUNT=10", "RRULE:FREQ=YEARLY",
                              "RRULE:FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20301231T000000Z",
                              "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=20"]) + CRLF)
            if rng.random() < 0.3:
                w("X-KITH-MOOD:%s" % rng.choice(["great", "good", "okay", "bad"]) + CRLF)
            w("STATUS:CONFIRMED" + CRLF)
            w("END:VEVENT" + CRLF)
        w("END:VCALENDAR" + CRLF)


# ---------------------------------------------------------------------------------------
# jrnl journal.

TAGS = ["@work", "@family", "@friends", "@climbing", "@travel", "@health", "@reading", "@music"]


def write_journal(path, rng, count, people):
    start = dt.datetime(2000, 1, 1, 8, 0)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for i in range(count):
            when = start + dt.timedelta(hours=i * 23 + rng.randint(0, 12), minutes=rng.choice([0, 10, 25, 40]))
            who = people.names[rng.randrange(len(people.names))][2]
            tags = " ".join(sorted(set(rng.choice(TAGS) for _ in range(rng.randint(1, 2)))))
            f.write("[%s] %s with %s %s.\n" % (when.strftime("%Y-%m-%d %H:%M"), rng.choice(EVENT_TITLES), who, tags))
            f.write(note_text(rng, 20, 60) + "\n\n")


def write_uniform_calendar(path, count):
    """The --uniform-calendar file: every VEVENT alike but for its number and times."""
    zones = ["Europe/Berlin", "America/New_York", "Asia/Taipei"]
    out = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Kith//bench//EN"]
    for i in range(count):
        z = zones[i % 3]
        m, d, h = i % 12 + 1, i % 28 + 1, i % 24
        out += [
            "BEGIN:VEVENT", f"UID:{i:08d}-bench@kith.example", "DTSTAMP:20260101T000000Z",
            f"DTSTART;TZID={z}:2026{m:02d}{d:02d}T{h:02d}3000", f"DTEND;TZID={z}:2026{m:02d}{d:02d}T{h:02d}5900",
            f"SUMMARY:Meeting number {i} with someone important",
            "DESCRIPTION:A longer description of the event\\, with escapes\\; and a newline\\nsecond line of text that"
            " goes on for a while to make the line long enough to be fold",
            " ed by the writer at seventy-five octets.",
            "LOCATION:Blue Bottle\\, 54 Mint Plaza\\, San Francisco",
            "ORGANIZER;CN=Ana Lima:mailto:ana@example.com",
            "ATTENDEE;CN=Ben Chen;PARTSTAT=ACCEPTED;ROLE=REQ-PARTICIPANT:mailto:ben@example.com",
            "CATEGORIES:Work,Meetings", "STATUS:CONFIRMED", "SEQUENCE:0", "X-CUSTOM-PROP:some vendor value",
            "END:VEVENT",
        ]
    out.append("END:VCALENDAR")
    with open(path, "w", newline="") as f:
        f.write(CRLF.join(out) + CRLF)


# ---------------------------------------------------------------------------------------


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir", nargs="?")
    ap.add_argument("--cards", type=int, default=10_000)
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--entries", type=int, default=10_000)
    ap.add_argument("--uniform-calendar", metavar="FILE",
                    help="write only FILE: --events VEVENTs all shaped alike (for ical-bench.sh)")
    args = ap.parse_args(argv)
    if args.uniform_calendar:
        write_uniform_calendar(args.uniform_calendar + ".tmp", args.events)
        os.replace(args.uniform_calendar + ".tmp", args.uniform_calendar)
        return
    if args.outdir is None:
        ap.error("OUTDIR is required (or --uniform-calendar FILE)")
    os.makedirs(args.outdir, exist_ok=True)

    # One generator per file, so each file is stable whatever the other counts are.
    people = People(random.Random(SEED), args.cards)
    files = {
        "contacts.vcf": lambda p: write_contacts(p, random.Random(SEED + 1), args.cards, people),
        "calendar.ics": lambda p: write_calendar(p, random.Random(SEED + 2), args.events, people, 2006, 2026),
        "journal.txt": lambda p: write_journal(p, random.Random(SEED + 3), args.entries, people),
    }
    for name, write in files.items():
        path = os.path.join(args.outdir, name)
        write(path + ".tmp")
        os.replace(path + ".tmp", path)
        size = os.path.getsize(path)
        print("%-13s %10d bytes  %6.1f MB" % (name, size, size / 1e6))

    # The people who recur most (names 0..4 are the "partner and best friends" above).
    with open(os.path.join(args.outdir, "params.env"), "w", encoding="utf-8") as f:
        f.write("# Written by gen_corpus.py: values the benchmark queries for.\n")
        f.write("BENCH_WITH_NAME='%s'\n" % people.names[0][2].replace("'", ""))
        f.write("BENCH_WITH_NAME2='%s'\n" % people.names[1][2].replace("'", ""))
        f.write("BENCH_MONTH='2016-05'\n")
        f.write("BENCH_TAG='@climbing'\n")
        f.write("BENCH_FROM='2025-01-01'\n")


if __name__ == "__main__":
    main(sys.argv[1:])
