"""Tests for kg.ingest.documents: files -> Document records."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from kg.ingest.documents import Document, Embed, Problem, from_text, read_corpus, read_document
from kg.errors import InputError, KgError

BODY = "The assembly sat late on Tuesday.\n"


@pytest.mark.parametrize(
    "front, expected",
    [
        ("title: Late sitting\nurl: https://example.org/a\npublished: 2024-03-14\noutlet: The Ledger\n",
         {"title": "Late sitting", "url": "https://example.org/a", "published": date(2024, 3, 14),
          "outlet": "The Ledger"}),
        ("published: 2024-03-14T10:00:00Z\n", {"published": date(2024, 3, 14)}),
        ("published: '2024-03-14T10:00:00Z'\n", {"published": date(2024, 3, 14)}),
        ("published: \"2024-03-14\"\n", {"published": date(2024, 3, 14)}),
        ("published: 2024-03-14 10:00:00\n", {"published": date(2024, 3, 14)}),
        ("title: 1984\nauthor: ignored\ntags: [a, b]\n", {"title": "1984", "published": None}),
        ("", {"title": None, "url": None, "published": None, "outlet": None}),
    ],
    ids=["all-keys", "datetime-z", "quoted-datetime", "quoted-date", "datetime", "other-keys", "empty"],
)
def test_documents_front_matter(tmp_path: Path, front: str, expected: dict) -> None:
    path = tmp_path / "story.md"
    path.write_text(f"---\n{front}---\n\n\n{BODY}", encoding="utf-8")
    doc = read_document(path)
    assert doc.id == "story" and doc.path == path
    assert doc.text == BODY
    for key, value in expected.items():
        assert getattr(doc, key) == value


@pytest.mark.parametrize(
    "front, fragment",
    [
        ("title: x: y\n", "not valid YAML at line 2 (mapping values are not allowed"),
        ("title: [unclosed\n", "not valid YAML at line 3"),  # noticed at the closing ---
        ("title: a\n  bad: indent: here\n", "not valid YAML at line 3"),
        ("published: yesterday\n", "'yesterday' is not a date"),
        ("published: 12\n", "is not a date"),
        ("- just\n- a list\n", "must be 'key: value' lines"),
        ("title: [a, b]\n", "'title' must be a single line"),
        ("base: &b 2024-03-14\npublished: *b\n", "YAML alias (*b) (line 3)"),
        ("published: [[1, 2], {a: b}]\n", "published: a list is not a date"),
        ("published: {when: today}\n", "published: a dict is not a date"),
        ("published: " + "9" * 80 + "x\n", "'" + "9" * 40 + "...' is not a date"),
    ],
    ids=["syntax", "unclosed", "indent", "word", "number", "list", "title-list", "alias", "nested", "dict", "long"],
)
def test_documents_front_matter_errors(tmp_path: Path, front: str, fragment: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(f"---\n{front}---\n{BODY}", encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_document(path)
    assert fragment in info.value.message
    assert str(info.value).startswith(f"{path}: ")
    assert isinstance(info.value, KgError)


def test_documents_front_matter_alias_bomb_is_refused_at_once(tmp_path: Path) -> None:
    """Issue 17: a few hundred bytes of nested aliases in ``published:`` hung the build (the value's
    repr in the error message is 9**9 strings long). Read in a child process, so a hang fails the test."""
    import subprocess
    import sys

    levels = ["a: &a [" + ", ".join(["x"] * 9) + "]"]
    for prev, name in zip("abcdefgh", "bcdefghi"):
        levels.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    path = tmp_path / "bomb.md"
    path.write_text("---\n" + "\n".join(levels) + "\npublished: [" + ", ".join(["*i"] * 9) + "]\n---\n" + BODY,
                    encoding="utf-8")
    assert path.stat().st_size < 600
    code = ("import sys; from kg.ingest.documents import read_document; from kg.errors import InputError\n"
            "try:\n    read_document(sys.argv[1])\nexcept InputError as e:\n    print(e.message)")
    try:
        done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=30,
                              env={"PYTHONPATH": str(Path(__file__).resolve().parents[2])}, check=True)
    except subprocess.TimeoutExpired:
        pytest.fail("reading 600 bytes of front matter took more than 30 s")
    assert "YAML alias (*a)" in done.stdout


@pytest.mark.parametrize(
    "raw, fragment",
    [
        ("---\ntitle: x\n" + BODY, "no closing '---'"),
        ("---\ntitle: x\n---\n\n  \n", "no article text"),
        ("", "empty file"),
    ],
)
def test_documents_from_text_errors(raw: str, fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        from_text(raw)


@pytest.mark.parametrize(
    "raw, text",
    [
        (BODY, BODY),
        ("Title line\n---\nnot front matter\n", "Title line\n---\nnot front matter\n"),
        ("\ufeffBOM first.\n", "BOM first.\n"),
        ("\ufeff---\ntitle: T\n---\nAfter BOM.\n", "After BOM.\n"),
    ],
    ids=["plain", "dashes-later", "bom", "bom-front-matter"],
)
def test_documents_no_front_matter(raw: str, text: str) -> None:
    doc = from_text(raw, id="x")
    assert doc.text == text and doc.id == "x"


@pytest.mark.parametrize(
    "raw, text",
    [
        ("One.\r\nTwo.\r\n\r\nThree.", "One.\nTwo.\n\nThree."),
        ("One.\rTwo.\r\rThree.", "One.\nTwo.\n\nThree."),
        ("---\r\ntitle: T\r\n---\r\nOne.\r\n", "One.\n"),
    ],
    ids=["crlf", "cr", "crlf-front-matter"],
)
def test_documents_line_endings(tmp_path: Path, raw: str, text: str) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(raw.encode("utf-8"))
    assert read_document(path).text == text


@pytest.mark.parametrize(
    "raw, text",
    [
        ("Mr\u00a0Speaker rose.", "Mr Speaker rose."),
        ("10\u202f000 votes\u2009cast", "10 000 votes cast"),
        ("a\u2007b\u3000c\td", "a b c d"),
        ("zero\u200bwidth", "zero width"),
        ("two  spaces\u00a0\u00a0kept", "two  spaces  kept"),
    ],
)
def test_documents_spaces_preserve_length(raw: str, text: str) -> None:
    doc = from_text(raw)
    assert doc.text == text
    assert len(doc.text) == len(raw)


POST_BODY = "Order in the chamber! The member must withdraw that remark. pic.example/abc"
ATTRIBUTION = "— Mira Kestrel🌼\ufe0f (@mirak) June 18, 2020"
THREE_PARAGRAPHS = (
    "A member of the assembly was ejected on Wednesday after a heated exchange.\n\n"
    f"{POST_BODY}\n\n"
    f"{ATTRIBUTION}\n\n"
    "The member later said she would not apologise."
)


def test_documents_embed_offsets() -> None:
    doc = from_text(THREE_PARAGRAPHS)
    assert len(doc.embeds) == 1
    embed = doc.embeds[0]
    assert doc.text[embed.start : embed.body_end] == POST_BODY
    assert doc.text[embed.body_end : embed.end] == "\n\n" + ATTRIBUTION
    assert doc.text[embed.start : embed.end] == f"{POST_BODY}\n\n{ATTRIBUTION}"
    assert (embed.author, embed.handle, embed.published) == ("Mira Kestrel", "@mirak", date(2020, 6, 18))


@pytest.mark.parametrize(
    "line, author, handle, published",
    [
        ("— Mira Kestrel (@mirak) June 17, 2020", "Mira Kestrel", "@mirak", date(2020, 6, 17)),
        ("– Mira Kestrel (@mirak) 17 June 2020", "Mira Kestrel", "@mirak", date(2020, 6, 17)),
        ("- Orrin Vale May 8, 2024", "Orrin Vale", None, date(2024, 5, 8)),
        ("Orrin Vale (@ovale) Sep 3, 2021", "Orrin Vale", "@ovale", date(2021, 9, 3)),
        ("— Sᴀʀᴏ Quill 🇨🇦✨ (@saroq) June 18, 2020", "Sᴀʀᴏ Quill", "@saroq", date(2020, 6, 18)),
        ("— Ложка Пар (@lozhka) 1 March 2023", "Ложка Пар", "@lozhka", date(2023, 3, 1)),
    ],
)
def test_documents_embed_attribution_variants(line: str, author: str, handle: str | None, published: date) -> None:
    doc = from_text(f"Intro.\n\nThe post text\nover two lines.\n{line}\n\nOutro.")
    (embed,) = doc.embeds
    assert doc.text[embed.start : embed.body_end] == "The post text\nover two lines."
    assert (embed.author, embed.handle, embed.published) == (author, handle, published)


@pytest.mark.parametrize(
    "line",
    [
        "Updated June 17, 2020",  # no dash and no handle: a dateline
        "— Mira Kestrel (@mirak) Juno 17, 2020",  # not a month
        "— Mira Kestrel (@mirak) February 30, 2020",  # not a day
        "— Mira Kestrel (@mirak) June 17, 2020, she wrote",  # not alone on its line
    ],
)
def test_documents_embed_not_detected(line: str) -> None:
    assert from_text(f"Intro.\n\nBody.\n\n{line}\n\nOutro.").embeds == ()


def test_documents_embed_needs_a_body() -> None:
    assert from_text("— Mira Kestrel (@mirak) June 17, 2020\n\nText.").embeds == ()


@pytest.mark.parametrize(
    "published, lines, expected",
    [
        (date(2024, 1, 2), ["— A B (@ab) June 17, 2020"], date(2024, 1, 2)),
        (None, ["— A B (@ab) June 17, 2020", "— C D (@cd) June 19, 2020", "— E F (@ef) June 18, 2020"],
         date(2020, 6, 19)),
        (None, [], None),
    ],
    ids=["published", "latest-embed", "none"],
)
def test_documents_date_fallback(published: date | None, lines: list[str], expected: date | None) -> None:
    text = "Intro.\n\n" + "".join(f"Post {i}.\n\n{line}\n\n" for i, line in enumerate(lines)) + "Outro."
    doc = from_text(text, published=published)
    assert len(doc.embeds) == len(lines)
    assert doc.date == expected


def test_documents_in_embed() -> None:
    doc = from_text(THREE_PARAGRAPHS)
    embed = doc.embeds[0]
    word = doc.text.index("withdraw")
    author = doc.text.index("Mira")
    cases = [
        ((word, word + 8), embed),
        ((author, author + 4), embed),
        ((embed.start, embed.end), embed),
        ((0, 5), None),
        ((embed.start - 3, embed.start + 3), None),
        ((embed.end, embed.end + 4), None),
    ]
    for (start, end), expected in cases:
        assert doc.in_embed(start, end) == expected, (start, end)


def test_documents_from_text_meta() -> None:
    doc = from_text("---\ntitle: From file\n---\nBody.", id="m", title="Given", url="u", published="2021-02-03")
    assert (doc.id, doc.title, doc.url, doc.published, doc.path) == ("m", "Given", "u", date(2021, 2, 3), None)
    assert from_text("Body.", path="x/y.txt").path == Path("x/y.txt")
    with pytest.raises(TypeError):
        from_text("Body.", colour="red")


@pytest.mark.parametrize(
    "name, content, fragment",
    [
        ("empty.txt", b"", "empty file"),
        ("blank.md", b"  \n\t\n\xc2\xa0\n", "empty file"),
        ("binary.txt", b"abc\x00def", "binary file, not text"),
        ("undecodable.txt", b"Caf\x81\x8d au lait", "not UTF-8 text (byte 0x81 at offset 3); save it as UTF-8"),
        ("badyaml.md", b"---\ntitle: [x\n---\nText.", "not valid YAML"),
        ("notes.xyz", b"Some text.", "unknown extension .xyz; kg reads .txt, .md, .jsonl, .html, .htm"),
        ("README", b"Some text.", "unknown extension (none); kg reads .txt, .md, .jsonl, .html, .htm"),
    ],
)
def test_documents_corpus_bad_input(tmp_path: Path, name: str, content: bytes, fragment: str) -> None:
    good = tmp_path / "good.txt"
    good.write_text(BODY, encoding="utf-8")
    bad = tmp_path / name
    bad.write_bytes(content)
    docs, problems = read_corpus([good, bad])
    assert [d.id for d in docs] == ["good"]
    assert len(problems) == 1 and problems[0].path == bad
    assert fragment in problems[0].message
    assert "\n" not in problems[0].message


@pytest.mark.parametrize("raw", ["Café au lait — “the Speaker’s ruling”".encode("cp1252"), b"Caf\xe9 au lait"])
def test_documents_legacy_encoding_is_read_with_a_warning(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "legacy.txt"
    path.write_bytes(raw)
    docs, problems = read_corpus([path])
    assert [d.id for d in docs] == ["legacy"] and docs[0].text == raw.decode("cp1252")
    assert len(problems) == 1 and problems[0].warning and "Windows-1252" in problems[0].message


def test_documents_control_bytes_are_not_taken_for_legacy_text(tmp_path: Path) -> None:
    path = tmp_path / "junk.txt"
    path.write_bytes(b"\xff\xfe\x01\x02 text")
    docs, problems = read_corpus([path])
    assert docs == [] and not problems[0].warning


def test_documents_corpus_missing_path(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(BODY, encoding="utf-8")
    docs, problems = read_corpus([tmp_path / "a.txt", tmp_path / "nope.txt", tmp_path / "nodir"])
    assert [d.id for d in docs] == ["a"]
    assert [p.path.name for p in problems] == ["nope.txt", "nodir"]
    assert all("no such file" in p.message for p in problems)


def test_documents_corpus_folder(tmp_path: Path) -> None:
    files = {
        "b.txt": BODY, "a.md": BODY, "sub/c.txt": BODY, "sub/deep/d.TXT": BODY,
        "skip.json": "{}", ".hidden.txt": BODY, ".git/e.txt": BODY, "sub/.cache/f.md": BODY,
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    docs, problems = read_corpus([tmp_path])
    assert problems == []
    assert [d.id for d in docs] == ["a", "b", "c", "d"]
    assert all(isinstance(d, Document) for d in docs)


@pytest.mark.parametrize("contents", [{}, {"x.json": "{}", ".h.txt": BODY}], ids=["empty", "no-articles"])
def test_documents_corpus_folder_without_articles(tmp_path: Path, contents: dict[str, str]) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for name, text in contents.items():
        (folder / name).write_text(text, encoding="utf-8")
    good = tmp_path / "good.md"
    good.write_text(BODY, encoding="utf-8")
    docs, problems = read_corpus([folder, good])
    assert [d.id for d in docs] == ["good"]
    assert problems == [Problem(folder, "no articles (.txt, .md, .jsonl, .html, .htm, .warc, .warc.gz) in this folder")]


def test_documents_corpus_duplicates(tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    first, second = tmp_path / "one" / "same.txt", tmp_path / "two" / "same.md"
    first.write_text("First.", encoding="utf-8")
    second.write_text("Second.", encoding="utf-8")
    # same file named twice (directly, via its folder, via "..") is read once, silently
    docs, problems = read_corpus([first, tmp_path / "one", tmp_path / "two" / ".." / "one" / "same.txt"])
    assert [d.text for d in docs] == ["First."] and problems == []
    # a different file with the same stem is a problem; the first one wins
    docs, problems = read_corpus([tmp_path])
    assert [d.text for d in docs] == ["First."]
    assert len(problems) == 1 and problems[0].path == second
    assert problems[0].message.startswith("duplicate document id 'same'")


def test_documents_corpus_sorted_by_id(tmp_path: Path) -> None:
    for name in ("c.txt", "a.txt", "b.md"):
        (tmp_path / name).write_text(BODY, encoding="utf-8")
    docs, _ = read_corpus([tmp_path / "c.txt", tmp_path / "b.md", tmp_path / "a.txt"])
    assert [d.id for d in docs] == ["a", "b", "c"]


def test_documents_embed_type() -> None:
    embed = from_text(THREE_PARAGRAPHS).embeds[0]
    assert isinstance(embed, Embed)
    with pytest.raises(AttributeError):
        embed.author = "x"  # type: ignore[misc]


# -- the readers, by extension -----------------------------------------------------------------

def _page(name: str) -> str:
    """A saved web page; its text names the file, since trafilatura drops a page it has seen before."""
    return ("<html><head><title>The sitting</title></head><body><article>"
            + "".join(f"<p>{BODY.strip()} The member for district {n} asked the chair about {name}, and the chair "
                      "answered at length before the vote was called.</p>" for n in range(4))
            + "</article></body></html>")


@pytest.mark.parametrize("name, content, ids", [
    ("a.txt", BODY, ["a"]),
    ("a.md", BODY, ["a"]),
    ("A.TXT", BODY, ["A"]),
    ("page.html", _page("page.html"), ["page"]),
    ("page.htm", _page("page.htm"), ["page"]),
    ("shard.jsonl", '{"id": "x", "text": "One."}\n{"text": "Two."}\n', ["shard-2", "x"]),
])
def test_documents_each_extension_has_its_reader(tmp_path: Path, name: str, content: str, ids: list[str]) -> None:
    from kg.ingest.documents import READERS, SUFFIXES, read_file

    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    assert path.suffix.lower() in READERS and SUFFIXES == tuple(READERS)
    found, problems = read_file(path)
    assert sorted(d.id for d in found) == ids and problems == []


def test_documents_unknown_extension_is_an_input_error(tmp_path: Path) -> None:
    from kg.ingest.documents import read_file

    path = tmp_path / "notes.pdf"
    path.write_bytes(b"%PDF-1.4")
    with pytest.raises(InputError, match=r"unknown extension \.pdf; kg reads \.txt, \.md, \.jsonl, \.html, \.htm"):
        read_file(path)


def test_documents_folder_files_are_the_readable_ones(tmp_path: Path) -> None:
    from kg.ingest.documents import folder_files

    for rel in ("b.md", "a.jsonl", "sub/c.html", "x.json", ".hidden.txt", ".git/d.txt"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(BODY, encoding="utf-8")
    assert [p.relative_to(tmp_path).as_posix() for p in folder_files(tmp_path)] == ["a.jsonl", "b.md", "sub/c.html"]


def test_documents_corpus_reads_each_file_with_the_reader_of_its_extension(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text(BODY, encoding="utf-8")
    (tmp_path / "shard.jsonl").write_text('{"id": "x", "text": "One."}\n', encoding="utf-8")
    (tmp_path / "page.html").write_text(_page("the corpus"), encoding="utf-8")
    docs, problems = read_corpus([tmp_path])
    assert [d.id for d in docs] == ["a", "page", "x"] and problems == []


def _linked_tree(tmp_path: Path) -> Path:
    """An input folder ``in/`` with an article of its own and symbolic links in it, and a folder
    ``outside/`` beside it that was not given."""
    for rel in ("in/own.md", "in/.drafts/hidden.md", "in/.archive/inner.md", "in/notes.data",
                "outside/secret.md", "outside/dir/deep.md"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(BODY, encoding="utf-8")
    folder = tmp_path / "in"
    (folder / "shown.md").symlink_to(folder / ".drafts" / "hidden.md")  # a file inside
    (folder / "notes.txt").symlink_to("notes.data")  # a file inside, relative
    (folder / "view").symlink_to(folder / ".archive", target_is_directory=True)  # a folder inside
    (folder / "loop").symlink_to(folder, target_is_directory=True)  # a folder inside: read once
    (folder / "leak.md").symlink_to(tmp_path / "outside" / "secret.md")  # a file outside
    (folder / "more").symlink_to(tmp_path / "outside" / "dir", target_is_directory=True)  # a folder outside
    (folder / "other.json").symlink_to(tmp_path / "outside" / "secret.md")  # no article name: not one to warn of
    return folder


@pytest.mark.parametrize("follow, ids, left_out", [
    (False, ["inner", "notes", "own", "shown"], ["leak.md", "more"]),
    (True, ["deep", "inner", "leak", "notes", "own", "shown"], []),
], ids=["outside-links-left-out", "follow-symlinks"])
def test_documents_corpus_symlinks_outside_the_folder_issue17(tmp_path: Path, follow: bool, ids: list[str],
                                                              left_out: list[str]) -> None:
    """Issue 17.8: a link in an input folder to a file or folder outside it is not read (a warning
    names it) unless ``follow_symlinks``; links that stay inside are read, each file once."""
    folder = _linked_tree(tmp_path)
    docs, problems = read_corpus([folder], follow_symlinks=follow)
    assert [d.id for d in docs] == ids
    assert [p.path.name for p in problems] == left_out
    assert all(p.warning and "outside" in p.message and "--follow-symlinks" in p.message for p in problems)


def test_documents_corpus_symlink_given_is_read_issue17(tmp_path: Path) -> None:
    """A link named on the command line is the user's choice: it is read wherever it points."""
    folder = _linked_tree(tmp_path)
    docs, problems = read_corpus([folder / "leak.md", folder / "more"])
    assert [d.id for d in docs] == ["deep", "leak"] and problems == []
