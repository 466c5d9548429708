#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The page in a real browser: Debian's Chromium, headless, driven by
Selenium through chromium-driver, against a mazegen serve on 127.0.0.1.
Changing the size and the kind changes the preview; the sheets' pages
are shown; the PDF downloaded by clicking is byte for byte the command's
for the options in the address bar; a <script> title stays text; the
page works with the keyboard alone, without JavaScript, and at a phone's
width (screenshots written to SHOTS, default the working directory);
printing shows only the sheets."""
import os
import shutil
import tempfile
import time
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from common import Server, check, command, finish

SHOTS = os.environ.get("SHOTS", os.getcwd())
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


def browser(downloads=None, javascript=True, width=1280, height=1000):
    o = webdriver.ChromeOptions()
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu",
              "--disable-dev-shm-usage", f"--window-size={width},{height}",
              "--lang=en-US", "--no-first-run", "--disable-extensions"]:
        o.add_argument(a)
    prefs = {}
    if downloads:
        prefs.update({"download.default_directory": downloads,
                      "download.prompt_for_download": False})
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    o.add_experimental_option("prefs", prefs)
    d = webdriver.Chrome(service=Service(DRIVER), options=o)
    d.set_page_load_timeout(60)
    return d


def wait(d, what, timeout=30):
    # An element the page's script replaced while it was looked at is
    # looked for again.
    return WebDriverWait(d, timeout, poll_frequency=0.1,
                         ignored_exceptions=(StaleElementReferenceException,)
                         ).until(lambda _: what())


def loaded(d, img_id):
    return d.execute_script(
        "const i = document.getElementById(arguments[0]);"
        "return i && i.complete && i.naturalWidth > 0 ? i.src : null;", img_id)


def pages_loaded(d):
    return d.execute_script(
        "const imgs = [...document.querySelectorAll('#pages img')];"
        "imgs.forEach(i => i.loading = 'eager');"
        "return imgs.length && imgs.every(i => i.complete && i.naturalWidth > 0)"
        " ? imgs.length : 0;")


def retype(el, text):
    el.send_keys(Keys.CONTROL, "a")
    el.send_keys(Keys.DELETE)
    el.send_keys(text)


def command_args(search):
    """The command's options for the page's address: each field as its
    option, and what the page adds (a sheet on letter, a PDF)."""
    args = []
    answers = "none"
    for k, v in urllib.parse.parse_qsl(search.lstrip("?")):
        if v == "on":
            args.append("--" + k)
        else:
            args += ["--" + k, v]
        if k == "answers":
            answers = v
    args += ["--sheet", "--paper", "letter", "-t", "pdf"]
    if answers != "none":
        args.append("--solution")
    return args


def live_preview(d, s):
    d.get(s.url + "/?seed=123&width=10&height=10")
    first = wait(d, lambda: loaded(d, "maze"))
    check("width=10" in first, "the maze is shown")
    size0 = d.execute_script("return document.getElementById('maze').naturalWidth")
    retype(d.find_element(By.ID, "f-width"), "24")
    src = wait(d, lambda: (loaded(d, "maze") or "").find("width=24") >= 0
               and loaded(d, "maze"))
    size1 = d.execute_script("return document.getElementById('maze').naturalWidth")
    check(size1 > size0, f"a new width redraws the maze ({size0} -> {size1} px)")
    check("width=24" in d.execute_script("return location.search"),
          "and the address bar holds it")
    Select(d.find_element(By.ID, "f-grid")).select_by_value("hex")
    wait(d, lambda: "grid=hex" in (loaded(d, "maze") or ""))
    label = d.find_element(By.CSS_SELECTOR, "label[for=f-width]").text
    check(label.lower().startswith("hexagons"),
          f"the hex kind names its width: {label}")
    Select(d.find_element(By.ID, "f-grid")).select_by_value("theta")
    wait(d, lambda: "grid=theta" in (loaded(d, "maze") or ""))
    check(d.find_element(By.ID, "f-width").get_attribute("value") in ("", "6"),
          "a width out of theta's range is put back to its default")
    retype(d.find_element(By.ID, "f-count"), "10")
    Select(d.find_element(By.ID, "f-per-page")).select_by_value("2")
    Select(d.find_element(By.ID, "f-answers")).select_by_value("end")
    wait(d, lambda: "count=10" in d.execute_script("return location.search")
         and pages_loaded(d) >= 6)
    n = pages_loaded(d)
    check(n >= 6, f"a 10-puzzle book with answers shows its {n} pages")
    d.save_screenshot(os.path.join(SHOTS, "serve-desktop.png"))


def download(d, s, downloads):
    retype(d.find_element(By.ID, "f-title"), "Circles for class 3")
    wait(d, lambda: "Circles" in urllib.parse.unquote_plus(
        d.execute_script("return location.search")) and pages_loaded(d))
    search = d.execute_script("return location.search")
    # The link follows the form once the server has checked it.
    wait(d, lambda: d.find_element(By.LINK_TEXT, "Puzzle sheets (PDF)")
         .get_attribute("href").endswith(search))
    link = d.find_element(By.LINK_TEXT, "Puzzle sheets (PDF)")
    name = link.get_attribute("download")
    link.click()
    path = os.path.join(downloads, name)
    try:
        wait(d, lambda: os.path.exists(path) and
             not os.path.exists(path + ".crdownload"), 60)
        time.sleep(0.3)
        with open(path, "rb") as f:
            got = f.read()
    except Exception as e:  # noqa: BLE001 - reported as a failure
        got = b""
        print("download:", e)
    want = command(*command_args(search))
    check(got == want and got.startswith(b"%PDF"),
          f"the downloaded {name} is mazegen {' '.join(command_args(search))[:90]}"
          f" byte for byte ({len(got)} vs {len(want)} bytes)")


def text_stays_text(d, s):
    d.get(s.url + "/?seed=5")
    wait(d, lambda: loaded(d, "maze"))
    evil = "<img src=x onerror=window.pwned=1><script>window.pwned=2</script>"
    retype(d.find_element(By.ID, "f-title"), evil)
    wait(d, lambda: "pwned" in urllib.parse.unquote_plus(
        d.execute_script("return location.search")) and pages_loaded(d))
    check(d.execute_script("return window.pwned === undefined"),
          "a <script> title runs nothing")
    d.get(d.current_url)
    wait(d, lambda: pages_loaded(d))
    check(d.execute_script("return window.pwned === undefined") and
          d.find_element(By.ID, "f-title").get_attribute("value") == evil,
          "nor when the page is loaded from its link; the field holds it")
    retype(d.find_element(By.ID, "f-width"), "0")
    msg = wait(d, lambda: "not valid" in d.find_element(By.ID, "message").text
               and d.find_element(By.ID, "message").text)
    check("-W/--width: '0' is not valid" in msg,
          f"a bad width's message is shown: {msg}")
    check(d.find_element(By.ID, "f-width").get_attribute("aria-invalid") == "true",
          "and the field is marked invalid for a screen reader")
    check(d.find_element(By.ID, "message").get_attribute("role") == "alert",
          "in a live region")


def mask_upload(d, s):
    """A PNG chosen in the form becomes the mask's text picture."""
    heart = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                         "..", "samples", "masks", "heart.png")
    d.get(s.url + "/?seed=12")
    wait(d, lambda: loaded(d, "maze"))
    d.find_element(By.ID, "u-mask").send_keys(os.path.abspath(heart))
    wait(d, lambda: "#" in d.find_element(By.ID, "f-mask").get_attribute("value")
         and "mask=" in (loaded(d, "maze") or ""))
    check("scales the mask" in d.find_element(By.ID, "h-width").text,
          "an uploaded PNG mask fills the picture field, and the width "
          "says it scales the picture")
    text = d.find_element(By.ID, "f-mask").get_attribute("value")
    with open(heart, "rb") as f:
        want = command("--mask", heart, "-s", "12", "-t", "svg")
    src = loaded(d, "maze")
    got = s.get(src[len(s.url):])[2]
    check(got == want and text.count("\n") > 5,
          "and the maze shown is the command's for that PNG")
    width = d.find_element(By.ID, "f-width")
    width.clear()
    width.send_keys("12")
    wait(d, lambda: "width=12" in (loaded(d, "maze") or ""))
    got = s.get(loaded(d, "maze")[len(s.url):])[2]
    check(got == command("--mask", heart, "-W", "12", "-s", "12", "-t", "svg"),
          "a width typed in scales the mask as the command's -W does")


def keyboard(d, s):
    d.get(s.url + "/?seed=42&width=8&height=8")
    first = wait(d, lambda: loaded(d, "maze"))
    # The keyboard alone, as a person presses it (not into an element).
    keys = ActionChains(d)
    seen = []
    for _ in range(80):
        keys.send_keys(Keys.TAB).perform()
        seen.append(wait(d, lambda: d.switch_to.active_element
                         .get_attribute("id") or "-"))
        if seen[-1] == "new":
            break
    check(seen and seen[-1] == "new",
          f"Tab reaches the New maze button ({len(seen)} presses)")
    keys.send_keys(Keys.ENTER).perform()
    wait(d, lambda: "seed=42" not in d.execute_script("return location.search")
         and loaded(d, "maze") and loaded(d, "maze") != first)
    check(d.find_element(By.ID, "f-seed").get_attribute("value") != "42",
          "Enter on it makes a new maze")
    labels = d.execute_script(
        "return [...document.querySelectorAll('#design input, #design select,"
        " #design textarea')].filter(e => e.type !== 'hidden' && !e.labels.length)"
        ".map(e => e.id || e.name)")
    check(labels == [], f"every field has a label ({labels})")
    outline = d.execute_script(
        "document.getElementById('f-grid').focus();"
        "return getComputedStyle(document.activeElement).outlineStyle")
    check(outline not in ("none", ""), f"focus is visible ({outline})")


def printing(d, s):
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    shown = d.execute_script(
        "const v = s => getComputedStyle(document.querySelector(s)).display;"
        "return [v('form'), v('header'), v('#downloads'), v('#pages'),"
        " v('figure.maze')]")
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    check(shown[:3] == ["none"] * 3 and shown[3] != "none" and shown[4] == "none",
          f"printing shows only the sheets' pages ({shown})")


def phone(s):
    d = browser(width=390, height=844)
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        d.get(s.url + "/?grid=theta&height=10&seed=9&count=2&answers=end")
        wait(d, lambda: loaded(d, "maze") and pages_loaded(d))
        over = d.execute_script(
            "return document.documentElement.scrollWidth - window.innerWidth")
        inner = d.execute_script("return window.innerWidth")
        check(inner == 390 and over <= 0,
              f"nothing wider than a phone's 390 px ({inner} px, {over} over)")
        d.save_screenshot(os.path.join(SHOTS, "serve-phone.png"))
    finally:
        d.quit()


def without_javascript(s):
    d = browser(javascript=False)
    try:
        d.get(s.url + "/?seed=31&width=9&height=9")
        check(d.execute_script is not None and loaded(d, "maze") is not None or
              d.find_element(By.ID, "maze").get_attribute("src").find("seed=31") > 0,
              "without JavaScript the page shows the maze")
        w = d.find_element(By.ID, "f-width")
        w.clear()
        w.send_keys("14")
        d.find_element(By.ID, "show").click()
        wait(d, lambda: "width=14" in
             d.find_element(By.ID, "maze").get_attribute("src"))
        check(d.find_element(By.ID, "f-width").get_attribute("value") == "14",
              "Show posts the form and the page comes back with the preview")
        d.save_screenshot(os.path.join(SHOTS, "serve-nojs.png"))
    finally:
        d.quit()


def main():
    s = Server("--quiet")
    downloads = tempfile.mkdtemp()
    try:
        d = browser(downloads)
        try:
            live_preview(d, s)
            download(d, s, downloads)
            printing(d, s)
            text_stays_text(d, s)
            mask_upload(d, s)
            keyboard(d, s)
        finally:
            d.quit()
        phone(s)
        without_javascript(s)
    finally:
        shutil.rmtree(downloads, ignore_errors=True)
        check(s.stop() == 0, "the server stops")
    finish()


main()
