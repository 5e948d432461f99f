"""For each piece of per-process state registered in torch/_process.py: a program line that changes
it from a new process's value. tests/engine/test_process_state.py checks that every registered
state has one and that new_run() undoes it; tests/ui/test_fresh_process.py runs them all in the
browser, then checks the next run. (Plain data, no torch import: the browser tests read it too.)"""

# For each registered state: a program line that changes it from a new process's.
CHANGES = {
    "torch._process._shown": "torch.ones(3).T",
    "torch._process.settings": "torch.use_deterministic_algorithms(True)",
    "torch.set_default_dtype": "torch.set_default_dtype(torch.float64)",
    "torch.set_grad_enabled": "torch.set_grad_enabled(False)",
    "torch.autograd.forward_ad": "torch.autograd.forward_ad.enter_dual_level()",
    "torch.autograd.forward_ad.tangents": "import torch.autograd.forward_ad as fwAD\n"
                                          "fwAD.enter_dual_level()\nkept = fwAD.make_dual(torch.ones(2), torch.ones(2))",
    "torch.autograd.set_detect_anomaly": "torch.autograd.set_detect_anomaly(True)",
    "torch._device._default_device": "torch.set_default_device(torch.device('cpu', 0))",
    "torch.default_generator": "torch.manual_seed(0); torch.rand(3)",
    "torch.set_printoptions": "torch.set_printoptions(precision=1, sci_mode=True)",
    "torch.nn.modules.module.register_module_forward_pre_hook": "torch.nn.modules.module.register_module_forward_pre_hook(print)",
    "torch.nn.modules.module.register_module_forward_hook": "torch.nn.modules.module.register_module_forward_hook(print)",
    "torch.nn.utils.parametrize._cache_enabled": "block = torch.nn.utils.parametrize.cached(); block.__enter__()",
    "torch.nn.utils.parametrize._cache": "torch.nn.utils.parametrize._cache['x'] = 1",
    "torch.distributions.biject_to": "torch.distributions.biject_to.register(torch.distributions.constraints.Constraint, print)",
    "torch.distributions.transform_to": "torch.distributions.transform_to.register(torch.distributions.constraints.Constraint, print)",
    "torch.distributions.kl.register_kl": "torch.distributions.kl.register_kl(int, int)(print)",
    "torch.distributions.kl._KL_MEMOIZE": "torch.distributions.kl._KL_MEMOIZE[int, int] = print",
    "torch.nn.modules.module.RemovableHandle._next_id": "torch.nn.Linear(1, 1).register_forward_hook(print)",
    "torch.distributions.distribution.Distribution._validate_args": "torch.distributions.Distribution.set_default_validate_args(False)",
}
ENTROPY = {"torch.default_generator"}  # a new process's differs every time
