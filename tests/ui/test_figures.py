"""Figures in the page (issue 34): a program's matplotlib draws in the output panel, as an SVG with a
text summary, in the course, in an embedded cell and from file://; a loop that shows its plot each
step updates one figure; a practice's last run keeps its figures across a reload."""
import re

from conftest import DIST, App, check_and_close

AXE = DIST.parent / "node_modules" / "axe-core" / "axe.min.js"

PLOTS = """import torch, numpy as np
import matplotlib.pyplot as plt
x = torch.linspace(0, 6, 50)
plt.plot(x, torch.sin(x), 'r--', label='sin')
plt.plot(x, torch.cos(x), label='cos')
plt.title('Waves'); plt.xlabel('t'); plt.ylabel('value'); plt.legend(); plt.grid(True)
plt.show()
counts, edges, bars = plt.hist(np.random.randn(1000), bins=20)
print(len(counts), len(edges), bars)
plt.show()
fig, axs = plt.subplots(1, 2, figsize=(8, 3))
axs[0].imshow(torch.arange(12.).reshape(3, 4), cmap='gray')
axs[0].set_title('pixels')
axs[1].scatter([1, 2, 3], [3, 1, 2], label='points')
"""  # the last figure is never shown: the end of the run shows it, as a notebook does

LOSS_CURVE = """import matplotlib.pyplot as plt
losses = []
for step in range(200):
    losses.append(1 / (step + 1))
    plt.plot(losses)
    plt.title(f'step {step}')
    plt.show()
"""

FIGURES = '[data-testid="figure"]'


def summaries(page, root=None):
    root = root or page
    root.locator(f"{FIGURES} svg").first.wait_for(timeout=30_000)
    return [summary.text_content() for summary in root.locator('[data-testid="figure-summary"]').all()]


def renderer_requests(app):
    return [url for url in app.requests if url.endswith("/plot.js")]


def test_plot_hist_imshow_and_subplots_show_as_figures_with_summaries(lesson_app):
    page = lesson_app.page
    assert renderer_requests(lesson_app) == []  # the course boots without the renderer
    assert lesson_app.run(PLOTS).strip() == "20 21 <BarContainer object of 20 artists>"
    page.wait_for_function("() => [...document.querySelectorAll('course-figure')].every((f) => f.querySelector('svg'))")
    figures = page.locator(FIGURES)
    assert figures.count() == 3
    waves, histogram, pair = summaries(page)
    assert waves.startswith("Figure 1, 1 plot. Plot 1: “Waves”; x axis “t” from -0.3 to 6.3; y axis “value” from ")
    assert waves.endswith("line “sin”, 50 points; line “cos”, 50 points; legend.")
    assert "bars, 20 bars." in histogram
    assert pair.startswith("Figure 1, 2 plots. Plot 1: “pixels”; x axis from -0.5 to 3.5; y axis from -0.5 to 2.5; image 3 × 4 (gray). Plot 2: ")
    assert pair.endswith("Plot 2: x axis from 0.9 to 3.1; y axis from 0.9 to 3.1; scatter “points”, 3 points.")
    assert figures.nth(2).locator("svg").count() == 2  # one chart per Axes
    assert figures.nth(0).locator(".figure-legend").inner_text().split() == ["sin", "cos"]
    assert figures.nth(2).locator("svg image").count() == 1  # the image, as a raster
    assert len(renderer_requests(lesson_app)) == 1


BANDS_BARS_NOTES = """import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(0, 6, 40)
plt.plot(x, np.sin(x), label='mean')
plt.fill_between(x, np.sin(x) - 0.3, np.sin(x) + 0.3, alpha=0.25, label='band')
plt.errorbar([1, 2, 3], [0.5, 0.9, 0.1], yerr=[0.1, 0.2, 0.15], fmt='o', capsize=4, label='measured')
plt.annotate('peak', xy=(1.57, 1.0), xytext=(2.6, 1.35), arrowprops=dict(arrowstyle='->'))
plt.text(4.5, -1.1, 'trough', ha='center')
plt.legend()
accuracy = plt.gca().twinx()
accuracy.plot([0, 6], [0.1, 0.9], 'g--')
accuracy.set_ylabel('accuracy')
"""


def test_bands_error_bars_notes_and_a_twin_axis_are_drawn_and_described(lesson_app):
    page = lesson_app.page
    lesson_app.run(BANDS_BARS_NOTES)
    [summary] = summaries(page)
    assert "filled area “band” between two curves, 40 points; error bars “measured” at 3 points; line, 3 points; " \
        "text “peak” pointing at (1.57, 1); text “trough” at (4.5, -1.1); legend." in summary
    assert summary.endswith("Plot 2, drawn over plot 1 with its y axis on the right: x axis from -0.3 to 6.3; "
                            "y axis “accuracy” from 0.06 to 0.94; line, 2 points.")
    figure = page.locator(FIGURES)
    assert figure.locator(".figure-legend").inner_text().split() == ["mean", "band", "measured"]
    host, over = figure.locator(".figure-frame > svg").all()  # the twin is drawn over its host's frame
    assert host.bounding_box() == over.bounding_box()
    assert "accuracy" in over.text_content() and "peak" in host.text_content()
    assert figure.locator("svg [aria-label='arrow']").count() == 1


STEPS_BARH_ASPECT = """import matplotlib.pyplot as plt
fig, (left, right) = plt.subplots(1, 2, figsize=(8, 4))
left.barh(['cat', 'dog', 'owl'], [3, 5, 2], label='pets')
left.invert_yaxis()
right.step([0, 1, 2, 3], [1, 3, 2, 2], where='post')
right.plot([0, 1, 2, 3], [0, 1, 0, 1])
right.set_aspect(2)
"""


def test_horizontal_bars_steps_an_inverted_axis_and_an_equal_aspect_are_drawn(lesson_app):
    page = lesson_app.page
    lesson_app.run(STEPS_BARH_ASPECT)
    [summary] = summaries(page)
    assert "Plot 1: x axis from 0 to 5.25; y axis from -0.54 to 2.54; horizontal bars “pets”, 3 bars." in summary
    bars_chart, lines_chart = page.locator(f"{FIGURES} .figure-frame > svg").all()
    assert bars_chart.locator("rect").count() >= 3
    # the inverted y axis puts the first category, cat, at the top
    labels = {text.text_content(): text.bounding_box()["y"] for text in bars_chart.locator("text").all()}
    assert labels["cat"] < labels["dog"] < labels["owl"]
    step, line = lines_chart.locator("[aria-label=line] path").all()
    # a step through 4 points turns at 3 corners: 6 segments where the plain line has 3
    assert step.get_attribute("d").count("L") == 6 and line.get_attribute("d").count("L") == 3
    frame = lines_chart.locator("[aria-label=frame]").bounding_box()
    assert abs(frame["height"] / frame["width"] - 2) < 0.02  # a y unit twice an x unit's length, both axes spanning 3.3


def test_the_renderer_is_precached_for_offline_use(built_site):
    assert re.search(r'url:"plot\.js",revision:"[0-9a-f]+",integrity:"sha384-', (DIST / "sw.js").read_text())


def test_a_loop_that_shows_its_plot_each_step_updates_one_figure(lesson_app):
    page = lesson_app.page
    lesson_app.run(LOSS_CURVE)
    page.wait_for_function("() => document.querySelector('[data-testid=\"figure-summary\"]')?.textContent.includes('200 points')")
    assert page.locator(FIGURES).count() == 1
    summary = page.locator('[data-testid="figure-summary"]').text_content()
    assert "“step 199”" in summary and "line, 200 points" in summary
    drawn = int(page.locator("course-figure").get_attribute("data-drawn"))
    assert 1 <= drawn <= 40  # the worker sends a slot at most 5 times a second; the page draws once a frame


def test_a_practice_keeps_its_figures_across_a_reload(open_app):
    app = open_app()
    page = app.open("#/lesson/computational-graph")
    app.run("import matplotlib.pyplot as plt\nplt.bar([1, 2, 3], [3, 1, 2], label='counts')\nplt.legend()\nplt.savefig('bars.png')\n")
    before = summaries(page)
    assert len(before) == 1 and "bars “counts”, 3 bars" in before[0]
    page.reload()
    page.locator('[data-testid="last-run-note"]').wait_for()
    assert summaries(page) == before


def test_a_figure_from_file_url(browser, built_site):
    app = App(browser, DIST.as_uri() + "/", query="index.html")
    try:
        page = app.open("#/lesson/computational-graph")
        app.run("import matplotlib.pyplot as plt\nplt.bar(['cat', 'dog'], [1, 4])\nplt.plot([1, 4])\nplt.show()\n")
        assert summaries(page)[0].endswith("bars, 2 bars; line, 2 points.")
        ticks = page.locator(f"{FIGURES} svg g[aria-label='x-axis tick label'] text").all_text_contents()
        assert ticks == ["cat", "dog"]  # text values sit at 0, 1, … with their labels
    finally:
        check_and_close(app)


def test_an_embedded_cell_shows_its_figure(browser, built_site, site_url, serve_folder, tmp_path):
    (tmp_path / "plot.html").write_text(
        f'<!doctype html><title>plot</title><script type="module" src="{site_url}embed.js"></script>\n'
        "<torch-cell>import matplotlib.pyplot as plt\nplt.hist([1, 2, 2, 3], bins=3)\nplt.show()</torch-cell>\n"
    )
    context = browser.new_context()
    errors = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(serve_folder(tmp_path) + "plot.html")
        page.locator('torch-cell [data-testid="run"]').click()
        cell = page.locator("torch-cell")
        assert re.fullmatch(r"Figure 1, 1 plot\. Plot 1: x axis from 0\.9 to 3\.1; y axis from 0 to 2\.1; bars, 3 bars\.",
                            summaries(page, cell)[0])
        assert errors == []
    finally:
        context.close()


def test_figures_pass_an_axe_audit_in_both_themes(open_app):
    for theme in ("light", "dark"):
        app = open_app(bypass_csp=True, color_scheme=theme)
        page = app.open("#/lesson/computational-graph")
        app.run(PLOTS)
        page.wait_for_function("() => [...document.querySelectorAll('course-figure')].every((f) => f.querySelector('svg'))")
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("axe.run(document.querySelector('[data-testid=\"figures\"]'), { resultTypes: ['violations'] })")
        assert [(v["impact"], v["id"]) for v in result["violations"] if v["impact"] in ("serious", "critical")] == [], theme
