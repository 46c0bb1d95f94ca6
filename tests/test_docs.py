"""The generated CLI reference, the JSON schema of ``score --json`` and the referee's guide stay true.

- docs/reference.md must equal what docs/gen_reference.py renders from the typer app now;
- real ``adjudicator score --json`` outputs (cases and test records, all three presets, the three
  fill modes) must validate against docs/schema/score.schema.json, with a small validator for the
  subset of JSON Schema the schema uses (type, enum, properties, required, items,
  additionalProperties); no jsonschema dependency;
- the schema's top-level required fields are the ones docs/scoring.md documents, apart from the
  difference named here;
- every ```text block of docs/referee.md that starts with ``$ adjudicator`` is run and its output
  compared (timings normalised); docs/referee.md uses ``text`` fences, not ``console``, because
  tests/test_cli.py pins the set of docs with ``console`` examples.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SCHEMA = json.loads((DOCS / "schema" / "score.schema.json").read_text(encoding="utf-8"))
runner = CliRunner()


# -- the generated reference ----------------------------------------------------------


def _generator():
    spec = importlib.util.spec_from_file_location("gen_reference", DOCS / "gen_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_reference_is_current():
    expected = _generator().render()
    actual = (DOCS / "reference.md").read_text(encoding="utf-8")
    assert actual == expected, "docs/reference.md is stale: run `python docs/gen_reference.py`"


def test_reference_lists_every_command_and_option():
    import typer.main

    text = (DOCS / "reference.md").read_text(encoding="utf-8")
    root = typer.main.get_command(app)
    for name, command in root.commands.items():
        assert f"## `adjudicator {name}`" in text
        for param in command.params:
            for opt in param.opts if hasattr(param, "is_flag") else [param.metavar or param.name.upper()]:
                assert f"`{opt}`" in text, (name, opt)


# -- a validator for the subset of JSON Schema the schema uses -------------------------

_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_KEYWORDS = {"type", "enum", "properties", "required", "items", "additionalProperties",
             "description", "title", "$schema"}


def validate(instance, schema, path: str = "$") -> list[str]:
    """Error messages (empty when valid) for ``instance`` against ``schema``.

    Supports ``type`` (a name or a list of names), ``enum``, ``properties``, ``required``,
    ``items`` (one schema) and ``additionalProperties`` (false or a schema), as JSON Schema
    draft 2020-12 defines them; any other keyword is an error, so the schema cannot silently
    use something this validator ignores.
    """
    unknown = set(schema) - _KEYWORDS
    if unknown:
        return [f"{path}: unsupported schema keywords {sorted(unknown)}"]
    errors: list[str] = []
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[n](instance) for n in names):
            return [f"{path}: {type(instance).__name__} {instance!r:.60} is not {' or '.join(names)}"]
    if "enum" in schema and instance not in schema["enum"]:
        errors.append(f"{path}: {instance!r} not in {schema['enum']}")
    if isinstance(instance, dict):
        properties = schema.get("properties", {})
        for name in schema.get("required", []):
            if name not in instance:
                errors.append(f"{path}: missing required {name!r}")
        for name, value in instance.items():
            if name in properties:
                errors += validate(value, properties[name], f"{path}.{name}")
            elif schema.get("additionalProperties", True) is False:
                errors.append(f"{path}: unexpected property {name!r}")
            elif isinstance(schema.get("additionalProperties"), dict):
                errors += validate(value, schema["additionalProperties"], f"{path}.{name}")
    if isinstance(instance, list) and "items" in schema:
        for i, item in enumerate(instance):
            errors += validate(item, schema["items"], f"{path}[{i}]")
    return errors


def test_schema_declares_draft_2020_12():
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA["type"] == "object" and SCHEMA["additionalProperties"] is False


def test_validator_catches_what_it_claims():
    small = {
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "array", "items": {"enum": ["x", "y"]}},
                       "c": {"type": ["string", "null"]}},
        "required": ["a"],
        "additionalProperties": False,
    }
    assert validate({"a": 1, "b": ["x"], "c": None}, small) == []
    assert validate({"b": []}, small) == ["$: missing required 'a'"]
    assert validate({"a": True}, small) == ["$.a: bool True is not integer"]
    assert validate({"a": 1.5}, small) == ["$.a: float 1.5 is not integer"]
    assert validate({"a": 1, "b": ["z"]}, small) == ["$.b[0]: 'z' not in ['x', 'y']"]
    assert validate({"a": 1, "d": 0}, small) == ["$: unexpected property 'd'"]
    assert validate({"a": 1, "c": 3}, small) == ["$.c: int 3 is not string or null"]
    assert validate(1, {"minimum": 0}) == ["$: unsupported schema keywords ['minimum']"]


# Real outputs: every outcome the engine produces, every fill mode, all three presets.
SCORED = [
    ("cases/seki-shared-liberties.sgf", "japanese", []),
    ("cases/seki-shared-liberties.sgf", "j1989", []),
    ("cases/bent-four-in-the-corner.sgf", "j1989", []),  # search verdict with alternatives
    ("cases/bent-four-in-the-corner.sgf", "korean", []),  # referee-decides
    ("cases/triple-ko.sgf", "japanese", []),  # long cycle: tie
    ("cases/triple-ko.sgf", "j1989", []),  # no result
    ("cases/semeai-first-mover.sgf", "j1989", []),  # both lose (Art. 13)
    ("cases/jigo-no-komi.sgf", "korean", []),  # jigo
    ("cases/dame-filled.sgf", "japanese", []),  # proposed fill
    ("cases/dame-filled.sgf", "korean", ["--no-fill"]),  # fill none
    ("cases/dame-unfilled.sgf", "j1989", ["--fill", "B:C1,W:C2,B:C3,W:C4,B:C5"]),  # given fill
    ("tests/data/kgs-2017-even.sgf", "japanese", ["--komi", "7"]),
    ("tests/data/kgs-2002-handicap.sgf", "korean", []),
    ("tests/data/kgs-2017-marks-vs-proof.sgf", "japanese", ["--agreed"]),  # settled by marks
    ("cases/big-eye-seki.sgf", "japanese", ["--dead", "E5"]),  # a referee's decision
    ("tests/data/kgs-2017-unfinished-left.sgf", "japanese", []),  # open areas
]


@pytest.fixture(scope="module")
def outputs():
    results = {}
    for path, rules, extra in SCORED:
        argv = ["score", "--json", "--rules", rules, *extra, str(ROOT / path)]
        result = runner.invoke(app, argv)
        assert result.exit_code == 0, (argv, result.output)
        results[(path, rules, tuple(extra))] = json.loads(result.output)
    return results


@pytest.mark.parametrize("path, rules, extra", SCORED, ids=[f"{p}-{r}{''.join(e)}" for p, r, e in SCORED])
def test_score_json_matches_schema(outputs, path, rules, extra):
    data = outputs[(path, rules, tuple(extra))]
    assert validate(data, SCHEMA) == []
    assert data["rules"]["name"] == rules


def test_outputs_cover_the_schema_enums(outputs):
    """The sample reaches every outcome, every fill mode and every fate."""
    seen = {key: {d[key] for d in outputs.values()} for key in ("outcome", "fill", "komi_source")}
    assert seen["outcome"] == set(SCHEMA["properties"]["outcome"]["enum"])
    assert seen["fill"] == {"proposed", "given", "none"}
    assert seen["komi_source"] >= {"record", "option"}
    fates = {s["fate"] for d in outputs.values() for s in d["strings"]}
    assert fates == {"alive", "dead", "seki"}


def test_schema_rejects_a_broken_output(outputs):
    data = json.loads(json.dumps(next(iter(outputs.values()))))
    data["strings"][0]["provenance"] = "guessed"
    del data["count"]["white"]["komi"]
    data["extra"] = 1
    errors = validate(data, SCHEMA)
    assert len(errors) == 3, errors


def _scoring_md_fields() -> set[str]:
    """Top-level fields named in the first column of the `--json` table of docs/scoring.md."""
    text = (DOCS / "scoring.md").read_text(encoding="utf-8")
    section = text.split("## `--json`", 1)[1].split("\n## ", 1)[0]
    fields: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            fields |= set(re.findall(r"`([a-z_]+)`", line.split("|")[1]))
    return fields


# Fields the schema requires that docs/scoring.md does not list (none: keep it that way).
UNDOCUMENTED_IN_SCORING_MD: set[str] = set()


def test_schema_required_fields_are_the_documented_ones():
    documented = _scoring_md_fields()
    required = set(SCHEMA["required"])
    assert documented <= required, f"documented but not required: {documented - required}"
    assert required - documented == UNDOCUMENTED_IN_SCORING_MD
    assert set(SCHEMA["properties"]) == required
    assert "alternatives" in SCHEMA["description"]


# -- the referee's guide ----------------------------------------------------------------


def referee_examples() -> list[tuple[int, list[str], str]]:
    text = (DOCS / "referee.md").read_text(encoding="utf-8")
    examples = []
    for m in re.finditer(r"^```text\n(\$ adjudicator .*?)^```", text, re.MULTILINE | re.DOTALL):
        command, _, output = m.group(1).partition("\n")
        examples.append((text.count("\n", 0, m.start()) + 1, shlex.split(command)[2:], output))
    return examples


def _normalise(text: str) -> str:
    """Timings differ from run to run: '0.17 s' -> 'N s'."""
    return re.sub(r"\b\d+\.\d+ s\b", "N s", text)


def test_referee_guide_has_examples():
    assert len(referee_examples()) >= 5


@pytest.mark.parametrize("line, argv, expected", referee_examples(), ids=[f"referee.md:{e[0]}" for e in referee_examples()])
def test_referee_examples_are_true(monkeypatch, tmp_path, line, argv, expected):
    monkeypatch.chdir(ROOT)
    missing = [a for a in argv if a.endswith(".sgf") and not (ROOT / a).exists()]
    if missing:
        pytest.skip(f"shared data not present: {missing}")
    out = None
    if "-o" in argv:  # a diagram: draw it to tmp_path; the SVG in docs/referee/ must be the same
        i = argv.index("-o") + 1
        out, argv = argv[i], [*argv[:i], str(tmp_path / "out.svg"), *argv[i + 1:]]
    result = runner.invoke(app, argv)
    output = result.output
    if out is not None:
        output = output.replace(str(tmp_path / "out.svg"), out)
        drawn = (tmp_path / "out.svg").read_text(encoding="utf-8")
        assert drawn == (ROOT / out).read_text(encoding="utf-8"), f"referee.md:{line}: rerun it to update {out}"
    assert _normalise(output) == _normalise(expected), f"referee.md:{line}: adjudicator {' '.join(argv)}"
    assert result.exit_code == 0


def test_referee_links_resolve():
    text = (DOCS / "referee.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text)
    assert targets
    for target in targets:
        if target.startswith("http"):
            continue
        assert (DOCS / target).exists(), target


def test_docs_index_lists_every_doc():
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for doc in sorted(DOCS.glob("*.md")):
        if doc.name != "README.md":
            assert f"({doc.name})" in index, doc.name
