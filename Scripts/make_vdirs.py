#!/usr/bin/env python3
"""Split the benchmark corpora into vdirs for khard and khal (one object per file).

    make_vdirs.py contacts.vcf CARD_DIR calendar.ics EVENT_DIR

CARD_DIR gets one .vcf per vCard 3.0/4.0 card (khard stops on vCard 2.1 quoted-printable,
so the 2.1 cards are left out: about 8,000 of the 10,000). EVENT_DIR gets one .ics per
VEVENT, each a VCALENDAR with the VTIMEZONE its TZID needs (khal reads one object per file
and wants a VTIMEZONE for every TZID). Text is split, never re-encoded, so the objects keep
their bytes. Folders are emptied first.
"""
import os
import re
import shutil
import sys

CRLF = "\r\n"


def reset(folder):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)


def blocks(text, name):
    begin, end = "BEGIN:%s\r\n" % name, "END:%s\r\n" % name
    start = text.find(begin)
    while start >= 0:
        stop = text.index(end, start) + len(end)
        yield text[start:stop]
        start = text.find(begin, stop)


def cards(vcf, folder):
    reset(folder)
    with open(vcf, encoding="utf-8", newline="") as f:
        text = f.read()
    kept = 0
    for n, card in enumerate(blocks(text, "VCARD")):
        if "\r\nVERSION:2.1\r\n" in card:
            continue
        with open(os.path.join(folder, "card-%05d.vcf" % n), "w", encoding="utf-8", newline="") as out:
            out.write(card)
        kept += 1
    return kept


def events(ics, folder):
    reset(folder)
    with open(ics, encoding="utf-8", newline="") as f:
        text = f.read()
    zones = {}
    for zone in blocks(text, "VTIMEZONE"):
        zones[re.search(r"\r\nTZID:([^\r]+)\r\n", zone).group(1)] = zone
    head = "BEGIN:VCALENDAR" + CRLF + "VERSION:2.0" + CRLF + "PRODID:-//Kith bench//make_vdirs//EN" + CRLF
    count = 0
    for event in blocks(text, "VEVENT"):
        uid = re.search(r"\r\nUID:([^\r]+)\r\n", event).group(1)
        tz = re.search(r";TZID=([^:;]+)[:;]", event)
        body = head + (zones[tz.group(1)] if tz else "") + event + "END:VCALENDAR" + CRLF
        with open(os.path.join(folder, uid.split("@")[0] + ".ics"), "w", encoding="utf-8", newline="") as out:
            out.write(body)
        count += 1
    return count


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    print("%d cards in %s" % (cards(sys.argv[1], sys.argv[2]), sys.argv[2]))
    print("%d events in %s" % (events(sys.argv[3], sys.argv[4]), sys.argv[4]))
