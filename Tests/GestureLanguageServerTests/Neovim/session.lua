-- Driven by NeovimTests: Neovim's own LSP client, with editors/nvim/gspec.lua,
-- opens $SPEC, waits for the server's diagnostics, hovers, completes and
-- formats, and writes what it saw to $OUT as JSON.
vim.g.gspec_command = { os.getenv('GSPEC'), 'lsp' }
dofile(os.getenv('PLUGIN'))
vim.cmd('edit ' .. os.getenv('SPEC'))
local buf = vim.api.nvim_get_current_buf()
local result = { filetype = vim.bo[buf].filetype, diagnostics = {} }

vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(result.diagnostics, { lnum = d.lnum, col = d.col, message = d.message, severity = d.severity })
end

local function request(method, params)
  local responses = vim.lsp.buf_request_sync(buf, method, params, 10000) or {}
  for _, r in pairs(responses) do
    if r.result then return r.result end
  end
end
local function at(line, character)
  return { textDocument = vim.lsp.util.make_text_document_params(), position = { line = line, character = character } }
end

local hover = request('textDocument/hover', at(0, 11))
result.hover = hover and hover.contents and hover.contents.value or ''
local completion = request('textDocument/completion', at(3, 0)) or {}
result.completion = {}
for _, item in ipairs(completion.items or completion) do table.insert(result.completion, item.label) end

if vim.lsp.buf.format then vim.lsp.buf.format({ async = false, timeout_ms = 10000 })
else vim.lsp.buf.formatting_sync(nil, 10000) end
result.formatted = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')

-- An error elsewhere (an unknown gesture in a rule) while typing: hover still shows the values.
vim.api.nvim_buf_set_lines(buf, -1, -1, false, { 'singleTap requires tripleTap to fail' })
vim.wait(20000, function()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.message:find('tripleTap') then return true end
  end
  return false
end, 20)
local broken = request('textDocument/hover', at(0, 9))
result.hoverWithError = broken and broken.contents and broken.contents.value or ''

local file = io.open(os.getenv('OUT'), 'w')
file:write(vim.fn.json_encode(result))
file:close()
vim.cmd('qall!')
