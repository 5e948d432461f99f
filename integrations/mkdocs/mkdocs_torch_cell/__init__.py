"""Runnable, checked PyTorch cells in Markdown (docs/embedding.md, "MkDocs"): the Python-Markdown
extension `torch_cell` (extension.py) turns fenced `torch` blocks into cells; the MkDocs plugin
`torch-cell` (plugin.py) adds that extension, points each page at the course's files and copies
them into the site."""
