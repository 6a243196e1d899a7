"""Writes a calendar of N VEVENTs (default 100,000) in three zones, Google-export shaped."""
import sys

n = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
zones = ["Europe/Berlin", "America/New_York", "Asia/Taipei"]
out = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Kith//bench//EN"]
for i in range(n):
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
with open(sys.argv[1], "w", newline="") as f:
    f.write("\r\n".join(out) + "\r\n")
