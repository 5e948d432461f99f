"""Turkish and English (issue 21): the language switch, the URL setting, English fallbacks marked
lang="en" text by text, and the problems of a course or progress file worded in the learner's language.

(The seed lesson completed keyboard-only in Turkish is test_learner_app's keyboard test, run once
per language; the axe audits per language are in test_i18n_a11y.)
"""

import copy
import json

from test_i18n_a11y import choose_language

LANGUAGE_KEY = "autograd-course/language"


def html_lang(page):
    return page.evaluate("document.documentElement.lang")


def test_language_switch_changes_interface_and_lesson_text_and_persists(open_app, course, seed):
    app = open_app(locale="en-US")
    page = app.open(f"#/lesson/{seed['id']}", wait_for_python=False)
    turkish = seed["translations"]["tr"]
    assert html_lang(page) == "en"
    assert page.inner_text("h1") == seed["title"]
    assert page.inner_text("#practice-heading").startswith("Practice:")

    choose_language(page, "tr")
    assert page.inner_text("h1") == turkish["title"]
    assert page.inner_text("article .summary") == turkish["summary"]
    assert page.inner_text("#practice-heading") == f"Alıştırma: {turkish['practice']['title']}"
    assert page.inner_text("#questions-heading") == "Sorular"
    assert page.locator('[data-testid="question"]').first.locator(".prose").inner_text().strip() == turkish["questions"][0]["prompt"].replace("`", "")
    assert app.code() == turkish["practice"]["starter"]  # the Turkish starter: "# buraya yaz"
    assert page.title() == f"{turkish['title']} · Uygulamalı autograd"  # the lesson's own tab title
    assert page.evaluate("key => localStorage.getItem(key)", LANGUAGE_KEY) == "tr"

    page.reload()
    page.locator("main h1").wait_for()
    assert html_lang(page) == "tr"
    assert page.inner_text("h1") == turkish["title"]
    app.go("#/")
    advanced = next(section for section in course["sections"] if section["name"] == seed["section"])
    assert page.get_by_role("heading", name=advanced["translations"]["tr"]["title"]).is_visible()
    assert page.locator('[data-testid="language"]').input_value() == "tr"

    choose_language(page, "en")
    assert page.get_by_role("heading", name=advanced["title"]).is_visible()
    assert page.evaluate("key => localStorage.getItem(key)", LANGUAGE_KEY) == "en"


def test_language_comes_from_the_url_then_the_browser(open_app, seed):
    turkish_browser = open_app(locale="tr-TR")
    page = turkish_browser.open(f"#/lesson/{seed['id']}", wait_for_python=False)
    assert html_lang(page) == "tr"
    assert page.inner_text("h1") == seed["translations"]["tr"]["title"]

    english_by_url = open_app(locale="tr-TR", query="?lang=en&time-limit=5")
    page = english_by_url.open(f"#/lesson/{seed['id']}", wait_for_python=False)
    assert html_lang(page) == "en"
    assert page.inner_text("h1") == seed["title"]
    choose_language(page, "tr")  # the switch rewrites the URL setting, so a reload agrees with it
    assert page.evaluate("location.search") == "?lang=tr&time-limit=5"
    assert page.evaluate("location.hash") == f"#/lesson/{seed['id']}"

    unknown = open_app(locale="de-DE", query="?lang=xx")
    page = unknown.open("#/", wait_for_python=False)
    assert html_lang(page) == "en"
    assert page.locator('[data-testid="language"]').input_value() == "en"


def test_a_missing_turkish_text_falls_back_to_english_marked_as_english(open_app, course, seed):
    partial = copy.deepcopy(course)
    lesson = next(lesson for lesson in partial["lessons"] if lesson["id"] == seed["id"])
    turkish = lesson["translations"]["tr"]
    del turkish["summary"]
    del turkish["practice"]["hints"]
    del turkish["questions"][0]["explanation"]
    turkish["body"][0] = {}
    untranslated = partial["lessons"][0]
    del untranslated["translations"]
    app = open_app(query="?lang=tr")
    app.context.route("**/lessons.json", lambda route: route.fulfill(json=partial))
    page = app.open(f"#/lesson/{seed['id']}", wait_for_python=False)
    lang = lambda selector: page.get_attribute(selector, "lang")  # noqa: E731

    assert (page.inner_text("h1"), lang("h1")) == (turkish["title"], "tr")
    assert (page.inner_text("article .summary"), lang("article .summary")) == (seed["summary"], "en")
    prose = page.locator("article > .prose")
    assert prose.first.locator("h2").inner_text() == seed["body"][0]["markdown"].splitlines()[0].removeprefix("## ")
    assert prose.first.get_attribute("lang") == "en"  # English text inside the Turkish page is marked as English
    assert prose.nth(1).inner_text().strip().startswith(turkish["body"][2]["markdown"][:20])
    assert prose.nth(1).get_attribute("lang") == "tr"
    assert lang(".practice > .prose") == "tr"
    page.click('[data-testid="hint"]')
    assert page.locator('[data-testid="hint"]').inner_text().startswith("Sonraki ipucu")  # the UI stays Turkish
    hint = page.locator('[data-testid="hint-text"]')
    assert seed["practice"]["hints"][0].split("`")[0] in hint.inner_text()
    assert hint.locator("[lang]").get_attribute("lang") == "en"
    question = page.locator('[data-testid="question"]').first
    assert question.locator(".prose").get_attribute("lang") == "tr"
    assert {question.locator('[data-testid="choice"] span[lang]').nth(i).get_attribute("lang") for i in range(2)} == {"tr"}
    question.locator('input[type="radio"]').nth(seed["questions"][0]["answer"]).check()
    question.locator('[data-testid="check"]').click()
    feedback = question.locator('[data-testid="feedback"]')
    assert "Doğru!" in feedback.inner_text() and seed["questions"][0]["explanation"].split("; ")[0][:30] in feedback.inner_text()
    assert feedback.locator('[data-testid="explanation"] [lang]').get_attribute("lang") == "en"

    app.go(f"#/lesson/{untranslated['id']}")
    page.wait_for_function("title => document.querySelector('h1').innerText === title", arg=untranslated["title"])
    assert (lang("h1"), lang("article .summary"), lang(".practice > .prose")) == ("en", "en", "en")
    assert page.inner_text("#practice-heading").startswith("Alıştırma:")
    app.go("#/")
    link = page.locator(f'[data-testid="lesson-item"] a[href="#/lesson/{untranslated["id"]}"]')
    assert link.get_attribute("lang") == "en"
    assert page.locator(f'[data-testid="lesson-item"] a[href="#/lesson/{seed["id"]}"]').get_attribute("lang") == "tr"


def serving(content):
    return lambda route: route.fulfill(body=content, content_type="application/json")


def test_the_course_files_problems_are_worded_in_the_learners_language(open_app, course):
    broken = copy.deepcopy(course)
    del broken["lessons"][0]["practice"]["expected_output"]
    broken["lessons"][1]["questions"][0]["type"] = "essay"
    broken["lessons"][2]["translations"]["tr"]["title"] = 5
    app = open_app(query="?lang=tr")
    app.context.route("**/lessons.json", lambda route: route.fulfill(json=broken))
    page = app.open("#/", wait_for_python=False)
    error = page.locator('[data-testid="course-error"]')
    text = error.inner_text()
    assert "Kurs yüklenemedi" in text
    assert 'lessons[0].practice: gerekli "expected_output" alanı eksik' in text
    assert 'lessons[1].questions[0].type: şunlardan biri olmalı: "choice", ' in text
    assert "lessons[2].translations.tr.title: metin bekleniyordu, sayı bulundu" in text
    choose_language(page, "en")  # the problems are reworded, not reloaded
    assert 'lessons[0].practice: missing required field "expected_output"' in error.inner_text()

    for content, expected in (("null", "(en üst düzey): nesne bekleniyordu, null bulundu"), ("{", "lessons.json: geçerli bir JSON değil: ")):
        other = open_app(query="?lang=tr")
        other.context.route("**/lessons.json", serving(content))
        assert expected in other.open("#/", wait_for_python=False).inner_text('[data-testid="course-error"]')

    offline = open_app(query="?lang=tr")
    offline.context.route("**/lessons.json", lambda route: route.abort())
    page = offline.open("#/", wait_for_python=False)
    assert "lessons.json indirilemedi" in page.inner_text('[data-testid="course-error"]')
    assert page.inner_text('[data-testid="retry-course"]') == "Yeniden dene"


def test_a_rejected_progress_file_is_explained_in_turkish(open_app, tmp_path):
    app = open_app(query="?lang=tr")
    page = app.open("#/", wait_for_python=False)
    path = tmp_path / "progress.json"
    lessons = {"tensors": {"draft": 42, "quiz": {"first": "yes"}}}
    path.write_text(json.dumps({"format": "autograd-course-progress", "progress": {"version": 1, "lastLesson": None, "lessons": lessons}}))
    page.set_input_files('[data-testid="import-progress"]', str(path))
    notice = page.locator('[data-testid="progress-notice"]')
    notice.wait_for()
    notice = notice.inner_text()
    assert notice.startswith("Bu dosya içe aktarılamadı (hiçbir şey değiştirilmedi): ")
    assert 'progress.lessons["tensors"].draft: en çok 100.000 karakterlik bir metin bekleniyordu, bir sayı bulundu' in notice
    assert 'progress.lessons["tensors"].quiz: soru numarasından true ya da false değerine bir nesne bekleniyordu, bir nesne bulundu' in notice
