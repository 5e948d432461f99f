# A docs project using sphinx-torch-cell. The tests set TORCH_CELL_BASE_URL (a build of the course
# served on another origin) or TORCH_CELL_COURSE_DIR (a build folder, copied into _static/).
import os

project = "torch-cell demo"
extensions = ["myst_parser", "sphinx_torch_cell"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
myst_enable_extensions = ["colon_fence"]
torch_cell_base_url = os.environ.get("TORCH_CELL_BASE_URL")
torch_cell_course_dir = os.environ.get("TORCH_CELL_COURSE_DIR")
torch_cell_check_with = os.environ.get("TORCH_CELL_CHECK_WITH", "auto")
