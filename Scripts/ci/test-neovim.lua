-- A headless Neovim session against `customer-center lsp` (run by Scripts/ci/test-neovim.sh).
-- Neovim 0.7 (Debian 12) API: start_client + buf_attach_client. Exits 0 when every step passes.
local bin, file = os.getenv("CC_BIN"), os.getenv("CC_FILE")

local function fail(message)
  io.stderr:write("FAIL: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local function codes(buf)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do found[d.code or ""] = true end
  return found
end

-- The position of the first byte of `needle` (plain search) as LSP wants it (UTF-16 columns).
local function position_of(buf, needle, skip)
  for row, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local start = string.find(line, needle, 1, true)
    if start then
      local column = vim.str_utfindex(line, start - 1 + (skip or 0))
      return { line = row - 1, character = column }, row - 1, start - 1
    end
  end
  fail("not in the buffer: " .. needle)
end

vim.cmd("edit " .. file)
local buf = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({ name = "customer-center", cmd = { bin, "lsp" }, root_dir = vim.fn.fnamemodify(file, ":h") })
if not client then fail("the server did not start") end
vim.lsp.buf_attach_client(buf, client)

-- 1. Diagnostics arrive.
if not vim.wait(15000, function() return codes(buf)["ref.unused-string"] end, 50) then
  fail("no ref.unused-string diagnostic; got " .. vim.inspect(vim.diagnostic.get(buf)))
end

-- 2. Hover on a key reference shows its German text.
local uri = vim.uri_from_bufnr(buf)
local at = position_of(buf, '"management_title",', 3)
local replies = vim.lsp.buf_request_sync(buf, "textDocument/hover", { textDocument = { uri = uri }, position = at }, 5000)
local hover = replies and replies[client] and replies[client].result
if not (hover and hover.contents and string.find(hover.contents.value, "Wie können wir helfen?", 1, true)) then
  fail("hover: " .. vim.inspect(replies))
end

-- 3. Definition jumps to the key's entry in localized_strings.
replies = vim.lsp.buf_request_sync(buf, "textDocument/definition", { textDocument = { uri = uri }, position = at }, 5000)
local target = replies and replies[client] and replies[client].result
local expected = position_of(buf, '"management_title": {')
if not (target and target.range and target.range.start.line == expected.line and target.range.start.character == expected.character) then
  fail("definition: " .. vim.inspect(target) .. " expected " .. vim.inspect(expected))
end

-- 3b. References, outline, completion, quick fixes, inlay hints and colours answer.
local function ask(method, params)
  local replies = vim.lsp.buf_request_sync(buf, method, params, 5000)
  local reply = replies and replies[client]
  if not reply or reply.err then fail(method .. ": " .. vim.inspect(replies)) end
  return reply.result
end
local document = { uri = uri }
local references = ask("textDocument/references", { textDocument = document, position = at, context = { includeDeclaration = true } })
if #references ~= 2 then fail("references: " .. vim.inspect(references)) end
local symbols = ask("textDocument/documentSymbol", { textDocument = document })
local names = {}
for _, s in ipairs(symbols) do table.insert(names, s.name) end
if table.concat(names, ",") ~= "screens,promotional_offers,localized_strings" then fail("symbols: " .. table.concat(names, ",")) end
local completion = ask("textDocument/completion", { textDocument = document, position = at })
local offered = {}
for _, item in ipairs(completion.items) do offered[item.label] = true end
if not (offered["management_title"] and offered["path_cancel"]) then fail("completion: " .. vim.inspect(completion)) end
local unused = position_of(buf, '"unused_note": {', 2)
local actions = ask("textDocument/codeAction", { textDocument = document, range = { start = unused, ["end"] = unused }, context = { diagnostics = {} } })
local titles = {}
for _, action in ipairs(actions) do table.insert(titles, action.title) end
if not string.find(table.concat(titles, "|"), "Ignore this ref.unused-string", 1, true) then fail("code actions: " .. vim.inspect(titles)) end
local hints = ask("textDocument/inlayHint", { textDocument = document, range = { start = { line = 0, character = 0 }, ["end"] = { line = 200, character = 0 } } })
local hinted = false
for _, hint in ipairs(hints) do if hint.label == "“Wie können wir helfen?”" or hint.label == "“How can we help?”" then hinted = true end end
if not hinted then fail("inlay hints: " .. vim.inspect(hints)) end
local colours = ask("textDocument/documentColor", { textDocument = document })
if #colours ~= 10 then fail("colours: " .. #colours) end

-- 3c. Rename a key everywhere, through Neovim's own workspace-edit code.
local rename = ask("textDocument/rename", { textDocument = document, position = at, newName = "home_title" })
vim.lsp.util.apply_workspace_edit(rename, "utf-16")
local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
local _, count = string.gsub(text, '"home_title"', "")
if count ~= 2 or string.find(text, '"management_title"', 1, true) then fail("rename: " .. count) end
if not vim.wait(15000, function() return not codes(buf)["ref.unresolved-string"] and codes(buf)["ref.unused-string"] end, 50) then
  fail("diagnostics after the rename")
end
vim.lsp.util.apply_workspace_edit(ask("textDocument/rename", { textDocument = document, position = position_of(buf, '"home_title",', 3), newName = "management_title" }), "utf-16")

-- 4. An edit makes a diagnostic appear, and undoing it clears it.
local _, row, column = position_of(buf, '"management_title",')
vim.api.nvim_buf_set_text(buf, row, column + 1, row, column + 11, { "managment" })
if not vim.wait(15000, function() return codes(buf)["ref.unresolved-string"] end, 50) then
  fail("no ref.unresolved-string after the edit")
end
vim.api.nvim_buf_set_text(buf, row, column + 1, row, column + 10, { "management" })
if not vim.wait(15000, function() return not codes(buf)["ref.unresolved-string"] end, 50) then
  fail("ref.unresolved-string stayed after undoing the edit")
end

-- 4b. Editing .customer-center.json in the editor re-checks the config under it.
local configuration = vim.fn.fnamemodify(file, ":h") .. "/.customer-center.json"
vim.cmd("edit " .. configuration)
local config_buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(config_buf, client)
vim.api.nvim_buf_set_lines(config_buf, 0, -1, false, { '{"rules": {"ref.unused-string": "off"}}' })
if not vim.wait(15000, function() return not codes(buf)["ref.unused-string"] end, 50) then
  fail("turning the rule off in .customer-center.json did not clear its finding")
end
vim.api.nvim_buf_set_lines(config_buf, 0, -1, false, { "{}" })
if not vim.wait(15000, function() return codes(buf)["ref.unused-string"] end, 50) then
  fail("turning the rule back on did not bring its finding back")
end
vim.cmd("buffer " .. buf)

-- 4c. "Fix all" applies the safe fixes: a trailing comma the file gets is removed again.
local _, brace_row = position_of(buf, '"support": {')
local support_line = vim.api.nvim_buf_get_lines(buf, brace_row, brace_row + 1, false)[1]
vim.api.nvim_buf_set_text(buf, brace_row, #support_line, brace_row, #support_line, { "" })
local _, email_row = position_of(buf, '"email": ')
local email_line = vim.api.nvim_buf_get_lines(buf, email_row, email_row + 1, false)[1]
vim.api.nvim_buf_set_text(buf, email_row, #email_line, email_row, #email_line, { "," })
if not vim.wait(15000, function() return codes(buf)["json.trailing-comma"] end, 50) then fail("no json.trailing-comma after the edit") end
local fix_all = ask("textDocument/codeAction", { textDocument = document, range = { start = { line = 0, character = 0 }, ["end"] = { line = 0, character = 0 } },
  context = { diagnostics = {}, only = { "source.fixAll" } } })
if #fix_all ~= 1 then fail("fix all: " .. vim.inspect(fix_all)) end
vim.lsp.util.apply_workspace_edit(fix_all[1].edit, "utf-16")
if not vim.wait(15000, function() return not codes(buf)["json.trailing-comma"] end, 50) then fail("fix all left the trailing comma") end

-- 5. Formatting sorts the injected key into place; formatting again changes nothing.
local options = { tabSize = 2, insertSpaces = true }
replies = vim.lsp.buf_request_sync(buf, "textDocument/formatting", { textDocument = { uri = uri }, options = options }, 5000)
local edits = replies and replies[client] and replies[client].result
if not (edits and #edits == 1) then fail("formatting: " .. vim.inspect(replies)) end
vim.lsp.util.apply_text_edits(edits, buf, "utf-16")
local _, unused_row = position_of(buf, '"unused_note": {')
local _, last_row = position_of(buf, '"path_missing_purchase": {')
if unused_row < last_row then fail("formatting did not sort the keys") end
replies = vim.lsp.buf_request_sync(buf, "textDocument/formatting", { textDocument = { uri = uri }, options = options }, 5000)
if not (replies and replies[client] and replies[client].result ~= nil and #replies[client].result == 0) then
  fail("formatting twice: " .. vim.inspect(replies))
end
vim.lsp.stop_client(client)
print("neovim: diagnostics, hover, definition, references, symbols, completion, code actions, inlay hints, colours, rename, edit round trip, configuration file, fix all, formatting: ok")
vim.cmd("qall!")
