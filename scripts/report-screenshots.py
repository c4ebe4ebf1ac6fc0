#!/usr/bin/env python3
"""Regenerates the screenshots of the HTML reports in the documentation (ReadingAReport.md).

The scenarios page comes from the two corpus transcripts the tests make fail (the same two changes as
Tests/TestSupport/FailingTranscripts.swift): the weather service that hangs into the engine's 10 s timeout,
and a tool cut at its own 2 s timeout. The conformance page is skillcheck's own run on Examples/BrokenSkills
(a few minutes: it builds the package's harness); a third screenshot shows two of its failed results with
their runs drawn (a cancellation, and two requests at once under SEND-4). Headless Chromium takes each.

    python3 scripts/report-screenshots.py            # both
    python3 scripts/report-screenshots.py --scenarios-only
"""
import pathlib, re, shutil, subprocess, sys, tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "Sources/SkillCheckCommand/SkillCheckCommand.docc/Resources"
CHANGES = {
    "Scenarios/timeout/weather-hang.json": ('"skillID": "weather", "at": 10}', '"skillID": "weather", "at": 12}'),
    "Scenarios/tools/skill-timeout.json": ('"now": "1.999s"', '"now": "2s"'),
}


def chromium():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("no chromium on PATH: apt-get install -y chromium")


def screenshot(page, png, height):
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        "--disable-background-networking", f"--user-data-dir={profile}",
                        f"--window-size=1200,{height}", f"--screenshot={png}", page.as_uri()],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print(f"wrote {png.relative_to(ROOT)}")


def results(page, rules):
    """A page of the report's head and, for each rule, the first failed result of it that has a run drawn."""
    head = page[: page.index("<body>") + len("<body>")]
    parts = []
    for rule in rules:
        found = re.search(rf'id="([^"]*-{rule})-run-timeline-title"', page)
        if not found:
            sys.exit(f"no {rule} result with a run on the page: the report no longer draws one")
        start = page.rindex("<details", 0, page.index(f'id="{found.group(1)}"') + 1)
        depth = 0
        for tag in re.finditer(r"<details\b|</details>", page[start:]):
            depth += 1 if tag.group(0) == "<details" else -1
            if depth == 0:
                parts.append(page[start : start + tag.end()])
                break
    return head + "<main>" + "".join(parts) + "</main></body></html>\n"


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        work = pathlib.Path(work)
        transcripts = work / "transcripts"
        transcripts.mkdir()
        for relative, (old, new) in CHANGES.items():
            text = (ROOT / relative).read_text(encoding="utf-8")
            if old not in text:
                sys.exit(f"{relative} no longer holds {old}: update this script and FailingTranscripts.swift")
            (transcripts / pathlib.Path(relative).name).write_text(text.replace(old, new), encoding="utf-8")
        scenarios = work / "scenarios.html"
        run = subprocess.run(["swift", "run", "skillcheck", "scenarios", "--record", "never", "--format", "html",
                              "--output", str(scenarios), str(transcripts)], cwd=ROOT)
        if run.returncode != 1:
            sys.exit(f"skillcheck scenarios exited {run.returncode}; both transcripts should fail (status 1)")
        screenshot(scenarios, OUT / "scenarios-report.png", 2500)
        if "--scenarios-only" in sys.argv:
            return
        broken = work / "broken.html"
        run = subprocess.run(["swift", "run", "skillcheck", "--no-tsan", "--format", "html", "--output", str(broken),
                              "Examples/BrokenSkills"], cwd=ROOT)
        if run.returncode != 1:
            sys.exit(f"skillcheck Examples/BrokenSkills exited {run.returncode}; its skills should fail (status 1)")
        screenshot(broken, OUT / "conformance-report.png", 1100)
        runs = work / "runs.html"
        runs.write_text(results(broken.read_text(encoding="utf-8"), ["CAN-3", "SEND-4"]), encoding="utf-8")
        screenshot(runs, OUT / "conformance-runs.png", 1900)


if __name__ == "__main__":
    main()
