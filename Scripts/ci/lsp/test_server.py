"""customer-center lsp driven by pytest-lsp with the capabilities of real editors.

Run by Scripts/ci/test-lsp-clients.sh: CC_BIN is the built binary.
"""
import os
import pathlib
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

BIN = os.environ["CC_BIN"]
CLIENTS = ["neovim", "visual_studio_code", "emacs"]

# Japanese, Arabic and an emoji before the findings on the same lines.
TEXT = """{
  "localization": {"default": "en", "supported": ["en", "ja", "ar"], "localized_strings": {
    "title": {"en": "Help {{price}}", "ja": "ヘルプ 😀 {{price}}", "ar": "مساعدة 😀 {{price}}"},
    "restore": {"en": "Restore", "ja": "復元", "ar": "استعادة"}
  }},
  "screens": {
    "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [
      {"id": "restore", "type": "missing_purchase", "title_key": "restore"}]},
    "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "restore2", "type": "MISSING_PURCHASE", "title_key": "restore"}]}
  },
  "support": {"email": "help@example.com"}
}
"""


def position(text: str, needle: str, encoding: str, occurrence: int = 0, skip: int = 0) -> types.Position:
    """Where `needle` starts, counted in the negotiated encoding, independently of the server."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    index += skip
    before = text[:index]
    line = before.count("\n")
    prefix = before[before.rfind("\n") + 1:]
    if encoding == "utf-8":
        column = len(prefix.encode("utf-8"))
    else:
        column = len(prefix.encode("utf-16-le")) // 2
    return types.Position(line=line, character=column)


def apply(text: str, edits, encoding: str) -> str:
    """Applies text edits as an editor does (last first)."""
    lines = text.split("\n")

    def offset(pos: types.Position) -> int:
        start = sum(len(l) + 1 for l in lines[: pos.line])
        line = lines[pos.line] if pos.line < len(lines) else ""
        units = 0
        for i, ch in enumerate(line):
            if units >= pos.character:
                return start + i
            units += len(ch.encode("utf-8")) if encoding == "utf-8" else len(ch.encode("utf-16-le")) // 2
        return start + len(line)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        a, b = offset(edit.range.start), offset(edit.range.end)
        text = text[:a] + edit.new_text + text[b:]
        lines = text.split("\n")
    return text


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BIN, "lsp"]), params=CLIENTS)
async def client(request, lsp_client: LanguageClient):
    # The editors accept the server's request to watch .customer-center.json files.
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params):
        lsp_client.registrations = getattr(lsp_client, "registrations", []) + list(params.registrations)
        return None

    params = types.InitializeParams(capabilities=client_capabilities(request.param))
    result = await lsp_client.initialize_session(params)
    lsp_client.profile = request.param
    lsp_client.encoding = result.capabilities.position_encoding or "utf-16"
    lsp_client.pulls = result.capabilities.diagnostic_provider is not None
    folder = pathlib.Path(tempfile.mkdtemp())
    lsp_client.uri = (folder / "customer_center.json").as_uri()
    yield
    await lsp_client.shutdown_session()


def open_document(client: LanguageClient, text: str = TEXT) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=client.uri, language_id="json", version=1, text=text)))


async def diagnostics(client: LanguageClient):
    if client.pulls:
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=client.uri)))
        return report.items
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[client.uri]


def where(client: LanguageClient, needle: str, skip: int = 0, occurrence: int = 0):
    return types.TextDocumentPositionParams(
        text_document=types.TextDocumentIdentifier(uri=client.uri),
        position=position(TEXT, needle, client.encoding, occurrence, skip))


async def test_the_position_encoding_and_diagnostic_mode_follow_the_client(client: LanguageClient):
    # Neovim and Emacs offer utf-8; VS Code 1.65 offers nothing, so the protocol's utf-16.
    assert client.encoding == ("utf-16" if client.profile == "visual_studio_code" else "utf-8")
    # Neovim pulls diagnostics; the others get them pushed.
    assert client.pulls == (client.profile == "neovim")


async def test_diagnostics_point_at_the_exact_characters(client: LanguageClient):
    open_document(client)
    found = await diagnostics(client)
    placeholders = sorted((d for d in found if d.code == "l10n.malformed-placeholder"), key=lambda d: (d.range.start.line, d.range.start.character))
    assert len(placeholders) == 3
    for occurrence, diagnostic in enumerate(placeholders):
        assert diagnostic.range.start == position(TEXT, "{{price}}", client.encoding, occurrence)
        assert diagnostic.range.end == position(TEXT, "{{price}}", client.encoding, occurrence, skip=9)
    assert any(d.code == "schema.enum-value" for d in found)


async def test_hover_shows_every_locale(client: LanguageClient):
    open_document(client)
    await diagnostics(client)
    p = where(client, '"restore"}', skip=2)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=p.text_document, position=p.position))
    value = hover.contents.value
    assert "復元" in value and "استعادة" in value


async def test_definition_and_rename(client: LanguageClient):
    open_document(client)
    await diagnostics(client)
    p = where(client, '"restore"}', skip=2)
    definition = await client.text_document_definition_async(types.DefinitionParams(text_document=p.text_document, position=p.position))
    target = definition[0] if isinstance(definition, list) else definition
    assert target.range.start == position(TEXT, '"restore": {', client.encoding)
    edit = await client.text_document_rename_async(types.RenameParams(text_document=p.text_document, position=p.position, new_name="restore_title"))
    edits = edit.changes[client.uri] if edit.changes else edit.document_changes[0].edits
    renamed = apply(TEXT, edits, client.encoding)
    assert renamed.count('"restore_title"') == 3 and '"restore"}' not in renamed


async def test_completion_offers_the_keys(client: LanguageClient):
    open_document(client)
    await diagnostics(client)
    p = where(client, '"restore"}', skip=1)
    result = await client.text_document_completion_async(types.CompletionParams(text_document=p.text_document, position=p.position))
    items = result.items if hasattr(result, "items") else result
    assert [item.label for item in items] == ["title", "restore"]


async def test_quick_fix_repairs_the_enum_value(client: LanguageClient):
    open_document(client)
    found = await diagnostics(client)
    enum = next(d for d in found if d.code == "schema.enum-value")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=client.uri), range=enum.range,
        context=types.CodeActionContext(diagnostics=[enum])))
    fix = next(a for a in actions if a.kind == types.CodeActionKind.QuickFix and a.edit and a.edit.changes and client.uri in a.edit.changes)
    fixed = apply(TEXT, fix.edit.changes[client.uri], client.encoding)
    assert '"type": "MISSING_PURCHASE", "title_key": "restore"}' in fixed


async def test_formatting_and_an_edit_round_trip(client: LanguageClient):
    open_document(client)
    await diagnostics(client)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=client.uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    formatted = apply(TEXT, edits, client.encoding)
    assert formatted.startswith('{\n  "localization": {\n    "default": "en"')
    # An incremental edit on the Japanese line: the placeholder fixed there, and only there.
    start = position(TEXT, "{{price}}", client.encoding, 1)
    end = position(TEXT, "{{price}}", client.encoding, 1, skip=9)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=client.uri, version=2),
        content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="{{ price }}")]))
    found = await diagnostics(client)
    assert len([d for d in found if d.code == "l10n.malformed-placeholder"]) == 2


async def test_references_symbols_and_inlay_hints(client: LanguageClient):
    open_document(client)
    await diagnostics(client)
    p = where(client, '"restore"}', skip=2)
    references = await client.text_document_references_async(types.ReferenceParams(
        text_document=p.text_document, position=p.position, context=types.ReferenceContext(include_declaration=True)))
    assert len(references) == 3
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=p.text_document))
    assert [s.name for s in symbols] == ["screens", "localized_strings"]
    assert [s.name for s in symbols[0].children] == ["MANAGEMENT", "NO_ACTIVE"]
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=p.text_document, range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=20, character=0))))
    labels = [h.label for h in hints]
    assert "“Restore”" in labels
    hint = next(h for h in hints if h.label == "“Restore”")
    assert hint.position == position(TEXT, '"restore"}', client.encoding, skip=9)


async def test_colours_fix_all_and_the_watched_configuration(client: LanguageClient):
    text = TEXT.replace('"support":', '"appearance": {"light": {"text_color": "#777777", "background_color": "#FFFFFF"}, "dark": {"text_color": "#FFFFFF", "background_color": "#000000"}},\n  "support":')
    open_document(client, text)
    await diagnostics(client)
    document = types.TextDocumentIdentifier(uri=client.uri)
    colours = await client.text_document_document_color_async(types.DocumentColorParams(text_document=document))
    assert len(colours) == 4
    presentations = await client.text_document_color_presentation_async(types.ColorPresentationParams(
        text_document=document, color=types.Color(red=1.0, green=0.0, blue=0.0, alpha=1.0), range=colours[0].range))
    assert presentations[0].label == "#FF0000"
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document, range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
        context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.SourceFixAll])))
    fixed = apply(text, actions[0].edit.changes[client.uri], client.encoding)
    assert "{{price}}" not in fixed and fixed.count("{{ price }}") == 3
    # A .customer-center.json appears next to the file: the rule it switches off goes quiet.
    folder = pathlib.Path(client.uri[len("file://"):]).parent
    (folder / ".customer-center.json").write_text('{"rules": {"l10n.malformed-placeholder": "off"}}')
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=(folder / ".customer-center.json").as_uri(), type=types.FileChangeType.Created)]))
    found = await diagnostics(client)
    assert not any(d.code == "l10n.malformed-placeholder" for d in found)


async def test_key_actions_refusals_and_rule_hovers(client: LanguageClient):
    # A reference to a missing key, and a key without its Arabic text.
    text = TEXT.replace('"title_key": "restore"}]}', '"title_key": "restore_now"}]}').replace(', "ar": "استعادة"', "")
    open_document(client, text)
    found = await diagnostics(client)
    missing = next(d for d in found if d.code == "ref.unresolved-string")
    document = types.TextDocumentIdentifier(uri=client.uri)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document, range=missing.range, context=types.CodeActionContext(diagnostics=[missing])))
    create = next(a for a in actions if a.title.startswith("Create the key"))
    created = apply(text, create.edit.changes[client.uri], client.encoding)
    assert '"restore_now": {"en": ""}' in created
    gap = next(d for d in found if d.code == "l10n.missing-translation")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document, range=gap.range, context=types.CodeActionContext(diagnostics=[gap])))
    add = next(a for a in actions if a.title.startswith("Add ar"))
    assert '"ar": "Restore"' in apply(text, add.edit.changes[client.uri], client.encoding)
    # Renaming a key the SDKs read is refused with a reason.
    builtin = text.replace('"restore": {', '"contact_support": {').replace('"title_key": "restore"', '"title_key": "contact_support"')
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=client.uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=builtin)]))
    at = position(builtin, '"contact_support": {', client.encoding, skip=2)
    with pytest.raises(Exception, match="SDKs read"):
        await client.text_document_rename_async(types.RenameParams(text_document=document, position=at, new_name="x"))
    # A rule id in .customer-center.json is explained on hover.
    folder = pathlib.Path(client.uri[len("file://"):]).parent
    configuration = (folder / ".customer-center.json").as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=configuration, language_id="json", version=1, text='{"rules": {"l10n.whitespace": "off"}}')))
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=configuration), position=types.Position(line=0, character=14)))
    assert "l10n.whitespace" in hover.contents.value and "warning" in hover.contents.value
