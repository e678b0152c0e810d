-- Neovim 0.7 or later: .gesture files get the 'gesture' filetype and
-- 'gspec lsp' as their language server (one per directory). Put this file on
-- your runtimepath (e.g. ~/.config/nvim/plugin/gspec.lua) or :source it; set
-- vim.g.gspec_command (a list, e.g. { '/path/to/gspec', 'lsp' }) to use a
-- gspec that is not on PATH.
-- (vim.filetype.add is opt-in on 0.7: an autocommand works everywhere.)
vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = '*.gesture',
  callback = function(args) vim.bo[args.buf].filetype = 'gesture' end,
})

local clients = {}

vim.api.nvim_create_autocmd('FileType', {
  pattern = 'gesture',
  callback = function(args)
    vim.bo[args.buf].commentstring = '// %s'
    local root = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ':p:h')
    local id = clients[root]
    if id == nil or vim.lsp.get_client_by_id(id) == nil then
      id = vim.lsp.start_client({
        name = 'gspec',
        cmd = vim.g.gspec_command or { 'gspec', 'lsp' },
        root_dir = root,
      })
      clients[root] = id
    end
    if id then vim.lsp.buf_attach_client(args.buf, id) end
  end,
})
