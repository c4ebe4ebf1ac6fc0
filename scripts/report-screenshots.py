#!/usr/bin/env python3
"""Regenerates the screenshots of the two HTML reports in the documentation (ReadingAReport.md).

The scenarios page comes from the two corpus transcripts the tests make fail (the same two changes as
Tests/TestSupport/FailingTranscripts.swift): the weather service that hangs into the engine's 10 s timeout,
and a tool cut at its own 2 s timeout. The conformance page is skillcheck's own run on Examples/BrokenSkills
(a few minutes: it builds the package's harness). Headless Chromium takes each screenshot.

    python3 scripts/report-screenshots.py            # both
    python3 scripts/report-screenshots.py --scenarios-only
"""
import pathlib, shutil, subprocess, sys, tempfile

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


if __name__ == "__main__":
    main()
