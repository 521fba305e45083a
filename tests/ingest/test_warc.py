"""Web archives in (issue 37, item 1): each HTML response record of a ``.warc``/``.warc.gz`` file is
an article, with its URL and date; other records are passed over. The archives are written here,
with warcio, around pages of our own."""

from __future__ import annotations

import gzip
from io import BytesIO

import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from kg.ingest.documents import read_corpus, suffix_of

PAGE = """<html><head><title>{title}</title></head><body><nav>Home | World | Politics</nav>
<article><h1>{title}</h1><p>{body}</p><p>The sitting resumed after a short break, and the house went on
with the estimates for the coming year, as the order paper had said it would.</p>
<p>Members of every party later told reporters that the debate on the estimates had been long and
heated, and that the clerk's office would publish the full record of the sitting on its website.</p>
<p>The next sitting is due on Thursday, when the house is to vote on the budget and on two private
members' bills about the opening hours of public libraries in the county.</p></article>
<footer>Copyright The Example Gazette</footer></body></html>"""

ARTICLES = [
    ("https://news.example/2024/03/heckling", "Member ordered out after heckling",
     "Speaker Ana Lopes ejected MP Tom Reyes from the chamber on Tuesday after he called the minister a liar."),
    ("https://news.example/2024/03/motion", "Council rejects library motion",
     "Councillor Rita Moss opposed the motion to close the library, and the council voted it down."),
]


def _warc(compress: bool, extra: bool = True) -> bytes:
    out = BytesIO()
    writer = WARCWriter(out, gzip=compress)
    for url, title, body in ARTICLES:
        html = PAGE.format(title=title, body=body).encode("utf-8")
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1")
        writer.write_record(writer.create_warc_record(url, "response", payload=BytesIO(html), http_headers=headers,
                                                      warc_headers_dict={"WARC-Date": "2024-03-14T10:00:00Z"}))
    if extra:  # a request, an image and a redirect: no articles
        writer.write_record(writer.create_warc_record("https://news.example/", "request", payload=BytesIO(b"GET / HTTP/1.1\r\n\r\n")))
        img = StatusAndHeaders("200 OK", [("Content-Type", "image/png")], protocol="HTTP/1.1")
        writer.write_record(writer.create_warc_record("https://news.example/logo.png", "response",
                                                      payload=BytesIO(b"\x89PNG...."), http_headers=img))
        moved = StatusAndHeaders("301 Moved", [("Content-Type", "text/html"), ("Location", "/x")], protocol="HTTP/1.1")
        writer.write_record(writer.create_warc_record("https://news.example/old", "response",
                                                      payload=BytesIO(b"<html>moved</html>"), http_headers=moved))
    return out.getvalue()


@pytest.mark.parametrize("name, compress", [("crawl.warc", False), ("crawl.warc.gz", True), ("CRAWL.WARC.GZ", True)])
def test_warc_each_html_response_is_an_article(tmp_path, name, compress):
    path = tmp_path / name
    path.write_bytes(_warc(compress))
    documents, problems = read_corpus([path])
    assert [p for p in problems if not p.warning] == []
    assert sorted(d.id for d in documents) == ["news.example/2024/03/heckling", "news.example/2024/03/motion"]
    doc = next(d for d in documents if d.id.endswith("heckling"))
    assert doc.url == "https://news.example/2024/03/heckling"
    assert str(doc.published) == "2024-03-14"
    assert "ejected MP Tom Reyes" in doc.text and "Copyright" not in doc.text and "Home | World" not in doc.text


def test_warc_the_suffix_of_a_compressed_archive_is_whole():
    from pathlib import Path

    assert suffix_of(Path("a/b.warc.gz")) == ".warc.gz"
    assert suffix_of(Path("a/b.tar.gz")) == ".gz"
    assert suffix_of(Path("a/b.MD")) == ".md"


def test_warc_a_damaged_archive_keeps_what_was_read_and_says_where_it_stopped(tmp_path):
    whole = _warc(False, extra=False)
    second = whole.index(b"WARC/1.0", 10)  # garbage between the first record and the second
    (tmp_path / "cut.warc").write_bytes(whole[:second] + b"\x00garbage, not a record\r\n\r\n" + whole[second:])
    documents, problems = read_corpus([tmp_path / "cut.warc"])
    assert [d.id for d in documents] == ["news.example/2024/03/heckling"]
    assert any("damaged" in p.message for p in problems)


@pytest.mark.parametrize("data", [b"this is not a web archive at all\n" * 10, gzip.compress(b"nor is this\n")])
def test_warc_a_file_that_is_no_archive_is_one_problem(tmp_path, data):
    (tmp_path / "bad.warc.gz").write_bytes(data)
    documents, problems = read_corpus([tmp_path / "bad.warc.gz"])
    assert documents == [] and len(problems) == 1 and "bad.warc.gz" in str(problems[0].path)


@pytest.mark.model
def test_warc_kg_build_reads_an_archive_in_a_folder(tmp_path):
    from click.testing import CliRunner

    from kg.cli import main

    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "crawl.warc.gz").write_bytes(_warc(True))
    done = CliRunner().invoke(main, ["build", str(tmp_path / "in"), "--out", str(tmp_path / "out")])
    assert done.exit_code == 0, done.output
    assert "2 documents" in done.output and "Ejection" in done.output
