#!/usr/bin/env python3
"""End-to-end tests of `kith serve` in a real browser (issue 21).

Makes a journal with kith commands in a temporary folder, starts the debug `kith serve
--port 0` on it, reads the address it prints, and drives Debian's Chromium through
Playwright (never `playwright install`: the system browser is launched by path). Each
scenario is a function; the first failure stops the run with exit status 1, and the server
is stopped by its process id either way.

    python Tests/Browser/serve_browser_test.py --kith .build/debug/kith [--screenshots DIR]

Run by BrowserTests (Tests/KithCLITests) under `swift test`, hence by `.ci/run`.
"""
import argparse
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib

from playwright.sync_api import sync_playwright, expect

CHROMIUM = os.environ.get("KITH_CHROMIUM", "/usr/bin/chromium")


def png(width, height, rgb):
    """A small valid PNG of one colour."""
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


class Kith:
    """The kith binary on one journal in a temporary folder."""

    def __init__(self, binary, folder):
        self.binary = binary
        self.folder = folder
        self.journal = os.path.join(folder, "journal.sqlite")
        self.env = dict(os.environ, HOME=folder, TZ="Europe/Lisbon", LANG="C.UTF-8", LC_ALL="C.UTF-8", NO_COLOR="1")
        self.server = None

    def run(self, *args):
        result = subprocess.run([self.binary, *args, "--journal", self.journal], env=self.env,
                                capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise AssertionError(f"kith {' '.join(args)} failed ({result.returncode}): {result.stderr.strip()}")
        return result.stdout

    def serve(self):
        """Starts `kith serve --port 0` and returns the address it printed."""
        self.server = subprocess.Popen([self.binary, "serve", "--port", "0", "--journal", self.journal], env=self.env,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.server.stdout.readline()
            if not line:
                break
            match = re.search(r"http://127\.0\.0\.1:\d+/", line)
            if match:
                return match.group(0).rstrip("/")
        self.stop()
        raise AssertionError("kith serve printed no address: " + (self.server.stderr.read() if self.server.stderr else ""))

    def stop(self):
        if self.server and self.server.poll() is None:
            os.kill(self.server.pid, signal.SIGTERM)
            try:
                self.server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.kill(self.server.pid, signal.SIGKILL)
                self.server.wait()


def make_journal(kith):
    """People, categories and events through the command line, as a user would."""
    kith.run("person", "add", "Ana Lima", "--in", "Friends/College")
    kith.run("person", "add", "Ben Okafor", "--in", "Family/Siblings")
    kith.run("log", "Coffee at the river", "--with", "Ana Lima", "--type", "Chat", "--mood", "great",
             "--when", "2026-11-03 10:00", "--trait", "Interests: loves the river walk")
    kith.run("log", "Board games", "--with", "Ana Lima", "--with", "Ben Okafor", "--type", "Party", "--mood", "good",
             "--when", "2026-11-03 20:00")
    kith.run("log", "Call about the move", "--with", "Ben Okafor", "--type", "Call", "--mood", "okay",
             "--when", "2026-11-12 18:30")
    kith.run("log", "<script>alert(1)</script><img src=x onerror=alert(2)>", "--with", "Ben Okafor",
             "--when", "2026-11-20 12:00")


class Scenarios:
    def __init__(self, page, base, kith, shots):
        self.page = page
        self.base = base
        self.kith = kith
        self.shots = shots
        self.dialogs = []
        page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))

    def go(self, path):
        response = self.page.goto(self.base + path)
        assert response is not None and response.ok, f"GET {path}: {response.status if response else 'no response'}"
        return response

    def click_a_day_and_see_its_events(self):
        # With the page script: the click lists the day under the month, on the same page.
        self.go("/calendar/2026/11")
        self.page.click("a[data-day='2026-11-03']")
        panel = self.page.locator("#daypanel")
        expect(panel).to_contain_text("Coffee at the river")
        expect(panel).to_contain_text("Board games")
        expect(panel).not_to_contain_text("Call about the move")
        expect(self.page).to_have_url(re.compile(r"/calendar/2026/11$"))
        # Without it (the link itself): the day's own page lists the same events.
        self.go("/day/2026-11-03")
        expect(self.page.locator("main")).to_contain_text("Coffee at the river")
        expect(self.page.locator("main")).to_contain_text("Board games")
        expect(self.page.locator("main")).not_to_contain_text("Call about the move")

    def add_an_event_with_a_photo_and_a_trait(self):
        self.go("/log")
        page = self.page
        page.fill("input[name=title]", "Climbing at the gym")
        page.fill("input[name=date]", "2026-11-14")
        page.fill("input[name=time]", "17:45")
        page.check("input[name=person][data-name='Ana Lima']")
        page.check("input[name=type][data-name='Activity']")
        page.check("input[name=mood][data-name='great']")
        page.fill("input[name=place]", "Gym Lisboa")
        page.fill("input[name=geo]", "38.7223,-9.1393")
        page.set_input_files("input[name=photo]", [{"name": "wall.png", "mimeType": "image/png", "buffer": png(40, 30, (40, 140, 200))}])
        page.locator("select[name=trait-kind]").first.select_option(value="Interests")
        page.locator("input[name=trait-text]").first.fill("climbs 6a routes")
        page.fill("textarea[name=note]", "She wants to try the outdoor wall.")
        page.click("button[type=submit]")
        expect(page).to_have_url(re.compile(r"/event/\d+$"))
        main = page.locator("main")
        expect(main).to_contain_text("Climbing at the gym")
        expect(main).to_contain_text("climbs 6a routes")
        expect(main).to_contain_text("Gym Lisboa")
        img = page.locator("main img").first
        expect(img).to_be_visible()
        assert img.evaluate("i => i.complete && i.naturalWidth") == 40, "the uploaded photo does not load"
        # On the calendar: the day is marked and lists the event.
        self.go("/calendar/2026/11")
        day = page.locator("a[data-day='2026-11-14']")
        expect(day).to_have_class(re.compile(r"\bhas\b"))
        day.click()
        expect(page.locator("main")).to_contain_text("Climbing at the gym")
        # On Ana's page: the event and the trait, which links to the event.
        page.get_by_role("link", name="Ana Lima").first.click()
        expect(page).to_have_url(re.compile(r"/person/\d+$"))
        main = page.locator("main")
        expect(main).to_contain_text("Climbing at the gym")
        expect(main).to_contain_text("climbs 6a routes")
        # And on the command line.
        out = self.kith.run("person", "show", "Ana Lima")
        assert "climbs 6a routes" in out, out

    def rename_a_category_and_see_past_events_relabelled(self):
        self.go("/settings")
        page = self.page
        row = page.locator("form[data-kind='eventType'][data-name='Party']")
        row.locator("input[name=name]").fill("Game night")
        row.locator("input[name=icon]").fill("🎲")
        row.locator("input[name=color]").fill("#123456")
        row.locator("button[type=submit]").click()
        expect(page).to_have_url(re.compile(r"/settings"))
        expect(page.locator("form[data-kind='eventType'][data-name='Game night']")).to_have_count(1)
        self.go("/day/2026-11-03")
        expect(page.locator("main")).to_contain_text("Game night")
        expect(page.locator("main")).not_to_contain_text("Party")
        out = self.kith.run("category", "list", "--kind", "eventType")
        assert "Game night" in out, out

    def dark_theme_is_remembered(self):
        self.go("/settings")
        page = self.page
        page.check("input[name=theme][value=dark]")
        page.locator("form#preferences button[type=submit]").click()
        expect(page.locator("html")).to_have_class(re.compile(r"\btheme-dark\b"))
        page.reload()
        expect(page.locator("html")).to_have_class(re.compile(r"\btheme-dark\b"))
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert luminance(background) < 0.3, f"dark theme but the background is {background}"
        self.go("/")
        expect(page.locator("html")).to_have_class(re.compile(r"\btheme-dark\b"))
        assert self.kith.run("settings", "theme").strip().endswith("dark")

    def hostile_title_is_text(self):
        self.go("/day/2026-11-20")
        page = self.page
        expect(page.locator("main")).to_contain_text("<script>alert(1)</script>")
        page.get_by_text("<script>alert(1)</script>", exact=False).first.click()
        expect(page.locator("h1")).to_contain_text("<script>alert(1)</script><img src=x onerror=alert(2)>")
        expect(page.locator("main img[src=x]")).to_have_count(0)
        page.wait_for_timeout(300)
        assert not self.dialogs, f"a dialog fired: {self.dialogs}"

    def screenshots(self, theme):
        if not self.shots:
            return
        page = self.page
        self.kith.run("settings", "theme", theme)
        for name, path in [("calendar", "/calendar/2026/11"), ("person", None), ("settings", "/settings"), ("log", "/log")]:
            if path is None:
                self.go("/people")
                page.get_by_role("link", name="Ana Lima").first.click()
            else:
                self.go(path)
            page.screenshot(path=os.path.join(self.shots, f"{name}-{theme}.png"), full_page=True)


def luminance(css):
    numbers = [int(n) for n in re.findall(r"\d+", css)[:3]]
    return sum(numbers) / (3 * 255) if len(numbers) == 3 else 1.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kith", required=True)
    parser.add_argument("--screenshots")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="kith-browser-")
    kith = Kith(os.path.abspath(args.kith), folder)
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
    failed = None
    try:
        make_journal(kith)
        base = kith.serve()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            context = browser.new_context(viewport={"width": 1100, "height": 800})
            page = context.new_page()
            s = Scenarios(page, base, kith, args.screenshots)
            order = [s.click_a_day_and_see_its_events, s.add_an_event_with_a_photo_and_a_trait,
                     s.rename_a_category_and_see_past_events_relabelled, s.hostile_title_is_text,
                     s.dark_theme_is_remembered]
            for scenario in order:
                try:
                    scenario()
                    print(f"ok   {scenario.__name__}")
                except Exception as error:  # report every scenario, fail at the end
                    print(f"FAIL {scenario.__name__}: {error}")
                    failed = failed or scenario.__name__
            s.screenshots("light")
            s.screenshots("dark")
            browser.close()
    finally:
        kith.stop()
        shutil.rmtree(folder, ignore_errors=True)
    if failed:
        sys.exit(1)
    print("browser: all scenarios passed")


if __name__ == "__main__":
    main()
