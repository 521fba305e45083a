"""Take the README's pictures of a `kg viz` page in headless Chromium (Debian's), through Playwright.

    .venv/bin/kg build input/ --out output/
    .venv/bin/kg viz --out output/graph.html
    .venv/bin/python docs/screenshot.py output/graph.html docs/seed-graph.png --select kg:Ejection
    .venv/bin/kg build ../shared/realnews/articles --out /tmp/rn
    .venv/bin/kg viz /tmp/rn/graph.trig --out /tmp/rn/graph.html --title "50 Wikinews articles"
    .venv/bin/python docs/screenshot.py /tmp/rn/graph.html docs/realnews-graph.png

Without ``--select`` the picture is the page as it first opens.

``--select CLASS`` opens the first event of that class in the side panel, with the largest
connected part of the graph in view. Chromium and its flags are the ones tests/test_viz.py uses.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", type=Path)
    parser.add_argument("png", type=Path)
    parser.add_argument("--select", metavar="CLASS", help="an event class to open, e.g. kg:Ejection")
    parser.add_argument("--size", default="1400x850", help="window size, WIDTHxHEIGHT")
    args = parser.parse_args()
    width, height = map(int, args.size.split("x"))
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
        context = pw.chromium.launch_persistent_context(profile, executable_path=chromium, headless=True, args=ARGS,
                                                        viewport={"width": width, "height": height})
        try:
            page = context.new_page()
            page.goto(args.page.resolve().as_uri())
            page.wait_for_selector("body[data-ready=true]")
            if args.select:
                page.evaluate("""(name) => {
                    const cls = kg.data.classes.findIndex(c => c.name === name);
                    const i = kg.data.events.findIndex(e => e.cls === cls);
                    if (i < 0) throw new Error('no event of class ' + name);
                    kg.cy.getElementById('e' + i).emit('tap');
                    kg.cy.elements().removeClass('faded');
                    const parts = kg.cy.elements().components().sort((a, b) => b.length - a.length);
                    kg.cy.fit(parts[0], 20);  // the largest connected part fills the view
                }""", args.select)
                page.wait_for_timeout(500)  # the labels are placed again once the view settles
            page.screenshot(path=str(args.png))
        finally:
            context.close()
    print(f"{args.png}: {args.png.stat().st_size} bytes")


if __name__ == "__main__":
    main()
