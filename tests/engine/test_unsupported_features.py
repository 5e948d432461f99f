"""Features the engine leaves out fail with an error naming the feature (not an AttributeError
suggesting a similar name); a misspelt name still gets Python's suggestion."""
import importlib
import traceback

import pytest
import torch


@pytest.mark.parametrize("name, feature", [("compile", "compiling models"), ("jit", "TorchScript"),
                                           ("sparse_coo_tensor", "sparse tensors"), ("quantization", "quantization")])
def test_attribute_of_an_unsupported_feature_names_it(name, feature):
    with pytest.raises(AttributeError) as caught:
        getattr(torch, name)
    assert str(caught.value).startswith(f"torch.{name} is not supported ({feature}")
    assert "Did you mean" not in "".join(traceback.format_exception(caught.value))
    assert not hasattr(torch, name)  # feature detection (hasattr) keeps working


@pytest.mark.parametrize("owner, name, feature", [
    (lambda: torch.tensor([1.0]), "smm", "sparse tensors"), (lambda: torch.Tensor, "sspaddmm", "sparse tensors"),
    (lambda: torch.tensor([1.0]), "qscheme", "quantization"), (lambda: torch.Tensor, "index", "first-class dims"),
    (lambda: torch.tensor([1.0]), "to_padded_tensor", "nested tensors"),
    (lambda: torch.nn, "SyncBatchNorm", "distributed training"),
    (lambda: torch.nn.functional, "scaled_mm", "CUDA-only low-precision matmuls"),
    (lambda: torch, "hspmm", "sparse tensors"), (lambda: torch, "bit", "sub-byte dtypes"),
    (lambda: torch.optim, "SparseAdam", "sparse tensors"), (lambda: torch.amp, "autocast", "automatic mixed precision"),
    (lambda: torch.autograd.profiler, "emit_nvtx", "CUDA NVTX ranges")])
def test_tensor_method_or_module_name_of_an_unsupported_feature_names_it(owner, name, feature):
    with pytest.raises(AttributeError) as caught:
        getattr(owner(), name)
    assert f".{name} is not supported ({feature}): " in str(caught.value)
    assert "Did you mean" not in "".join(traceback.format_exception(caught.value))


def test_import_of_an_unsupported_module_names_it():
    with pytest.raises(ModuleNotFoundError, match=r"torch.distributed is not supported \(distributed training"):
        importlib.import_module("torch.distributed")


def test_a_misspelt_name_keeps_pythons_suggestion():
    with pytest.raises(AttributeError) as caught:
        torch.tesnor  # noqa: B018
    # name and obj are what Python's "Did you mean: 'tensor'?" is computed from
    assert (caught.value.name, caught.value.obj) == ("tesnor", torch)


def test_device_queries_answer_as_a_cpu_only_pytorch():
    assert not torch.accelerator.is_available() and torch.accelerator.current_accelerator() is None
    assert not torch.backends.mps.is_available() and not torch.cuda.is_available()
    with pytest.raises(AssertionError, match="Torch not compiled with CUDA enabled"):
        torch.ones(2).to("cuda")


def test_distributed_sampler_without_a_process_group_names_the_feature():
    from torch.utils.data import DistributedSampler
    with pytest.raises(RuntimeError, match=r"torch.distributed is not supported \(distributed training"):
        DistributedSampler(list(range(4)))
