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
                                          "try:\n    fwAD.enter_dual_level()\n"
                                          "except RuntimeError:  # the level the change above entered\n    pass\n"
                                          "kept = fwAD.make_dual(torch.ones(2), torch.ones(2))",
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
    "torch.utils.hooks.RemovableHandle.next_id": "torch.nn.Linear(1, 1).register_forward_hook(print)",
    "torch.distributions.distribution.Distribution._validate_args": "torch.distributions.Distribution.set_default_validate_args(False)",
    "torch.nn.modules.module.register_module_forward_hook.always_call":
        "torch.nn.modules.module.register_module_forward_hook(print, always_call=True)",
    "torch.nn.modules.module.register_module_forward_hook.with_kwargs":
        "torch.nn.modules.module.register_module_forward_hook(print, with_kwargs=True)",
    "torch.nn.modules.module.register_module_full_backward_pre_hook":
        "torch.nn.modules.module.register_module_full_backward_pre_hook(print)",
    "torch.nn.modules.module.register_module_backward_hook": "torch.nn.modules.module.register_module_full_backward_hook(print)",
    "torch.nn.modules.module._global_is_full_backward_hook": "torch.nn.modules.module.register_module_full_backward_hook(print)",
    "torch.nn.modules.module.register_module_buffer_registration_hook":
        "torch.nn.modules.module.register_module_buffer_registration_hook(print)",
    "torch.nn.modules.module.register_module_module_registration_hook":
        "torch.nn.modules.module.register_module_module_registration_hook(print)",
    "torch.nn.modules.module.register_module_parameter_registration_hook":
        "torch.nn.modules.module.register_module_parameter_registration_hook(print)",
    "torch.autograd.graph.saved_tensors_hooks": "torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t).__enter__()",
    "torch.autograd.graph.allow_mutation_on_saved_tensors": "torch.autograd.graph.allow_mutation_on_saved_tensors().__enter__()",
    # after the line above: with saved-tensor hooks disabled, allow_mutation_on_saved_tensors() raises
    "torch.autograd.graph.disable_saved_tensors_hooks": "torch.autograd.graph.saved_hooks_disabled[0] = 'off'",
    "torch.utils.checkpoint.settings": "torch.utils.checkpoint.set_checkpoint_early_stop(False).__enter__()",
    "torch.utils.checkpoint.DefaultDeviceType._default_device_type":
        "torch.utils.checkpoint.DefaultDeviceType.set_device_type('cpu')",
    "torch.autograd.profiler.KinetoStepTracker._current_step": "torch.autograd.profiler.KinetoStepTracker.increment_step('x')",
    "torch.autograd.profiler.KinetoStepTracker._step_dict": "torch.autograd.profiler.KinetoStepTracker.init_step_count('y')",
    "torch._torch_function": "type('Sub', (torch.Tensor,), {})",
    "torch.overrides.TorchFunctionMode": "type('Passing', (torch.overrides.TorchFunctionMode,), {'__torch_function__': "
                                         "lambda self, f, t, a=(), k=None: f(*a, **(k or {}))})().__enter__()",
    "torch.autograd.profiler.profile": "torch.autograd.profiler.profile().__enter__()",
    "torch._dispatch.observers": "torch._dispatch.observing(print).__enter__()",
    "torch._C.DisableTorchFunction": "torch._torch_function.disabled['subclass'] += 1",
    "torch.overrides.redispatch_function": "torch._torch_function._skip[0] = True",
    "torch._C._functorch.vmap_fallback_warning": "torch._C._functorch._set_vmap_fallback_warning_enabled(False)",
}
ENTROPY = {"torch.default_generator"}  # a new process's differs every time
