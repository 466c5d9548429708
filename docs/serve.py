#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Remakes the pictures in docs/serve/: the page of mazegen serve at a
desktop's and a phone's width, in headless Chromium driven by Selenium
(Debian's chromium, chromium-driver and python3-selenium). Run after
building:  docs/serve.py [path/to/mazegen]"""
import os
import re
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

HERE = os.path.dirname(os.path.abspath(__file__))
MAZEGEN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    HERE, "..", "build", "src", "cli", "mazegen")
PAGE = ("/?grid=theta&height=10&algorithm=backtracker&seed=2026"
        "&title=Circle+mazes&name-line=on&paper=letter&count=10&per-page=2"
        "&answers=end")


def shot(url, name, width, height, phone=False):
    o = webdriver.ChromeOptions()
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu",
              f"--window-size={width},{height}", "--hide-scrollbars",
              "--force-device-scale-factor=1"]:
        o.add_argument(a)
    d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)
    try:
        if phone:
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1,
                "mobile": True})
        d.get(url)
        for _ in range(300):
            done = d.execute_script(
                "const i = [...document.images];"
                "i.forEach(x => x.loading = 'eager');"
                "return i.length > 1 && i.every(x => x.complete && x.naturalWidth);")
            if done:
                break
            time.sleep(0.1)
        if phone:
            d.execute_script("document.getElementById('preview')"
                             ".scrollIntoView()")
        time.sleep(0.5)
        d.save_screenshot(os.path.join(HERE, "serve", name))
    finally:
        d.quit()


def main():
    env = dict(os.environ, LC_ALL="C.UTF-8", PAPERSIZE="letter")
    p = subprocess.Popen([MAZEGEN, "serve", "--listen", "127.0.0.1:0",
                          "--quiet"], stderr=subprocess.PIPE, text=True,
                         env=env)
    port = re.search(r":(\d+)/", p.stderr.readline()).group(1)
    try:
        os.makedirs(os.path.join(HERE, "serve"), exist_ok=True)
        url = f"http://127.0.0.1:{port}{PAGE}"
        shot(url, "desktop.png", 1280, 1000)
        shot(url, "phone.png", 390, 844, phone=True)
    finally:
        p.terminate()
        p.wait(30)


main()
