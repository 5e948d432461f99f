"""A lesson's figures (course/figures/*.svg, inlined by tools/course.py as data: URLs) show in the
page under its CSP, served and from a double-clicked index.html alike, and fit a phone's width."""

import pytest

from conftest import App, check_and_close

FIGURE_LESSON = "#/lesson/what-is-a-gradient"
FIGURES = """() => [...document.querySelectorAll("main .prose img")].map((img) => ({
  loaded: img.complete && img.naturalWidth > 0, alt: img.alt, width: img.getBoundingClientRect().width,
  column: img.closest(".prose").getBoundingClientRect().width }))"""


def shown_figures(app):
    page = app.open(FIGURE_LESSON, wait_for_python=False)
    page.wait_for_function("() => [...document.querySelectorAll('main .prose img')].every((img) => img.complete)")
    return page.evaluate(FIGURES)


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, {"width": 390, "height": 844}], ids=["desktop", "phone"])
def test_the_figures_of_a_lesson_load_and_fit_the_column(open_app, viewport):
    figures = shown_figures(open_app(viewport=viewport, color_scheme="dark"))
    assert len(figures) == 2
    assert all(figure["loaded"] and figure["alt"] for figure in figures)
    assert all(0 < figure["width"] <= figure["column"] + 0.5 for figure in figures)


def test_the_figures_show_from_a_double_clicked_index_html(browser, built_site):
    app = App(browser, built_site.as_uri() + "/", query="index.html")
    try:
        figures = shown_figures(app)
        assert [figure["loaded"] for figure in figures] == [True, True]
    finally:
        check_and_close(app)


def test_a_translated_lesson_shows_its_own_figure_with_a_turkish_description(open_app):
    page = open_app(query="?lang=tr", color_scheme="dark").open("#/lesson/checkpointing", wait_for_python=False)
    page.wait_for_function("() => [...document.querySelectorAll('main .prose img')].every((img) => img.complete)")
    figures = page.evaluate(FIGURES)
    assert len(figures) == 1 and figures[0]["loaded"]
    assert figures[0]["alt"].startswith("x, h₁, h₂, h₃, y zincirinde aktivasyon checkpoint'i")
