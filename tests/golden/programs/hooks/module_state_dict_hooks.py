import torch
import torch.nn as nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))


def pre(module, prefix, keep_vars):
    print("state_dict pre", type(module).__name__, repr(prefix), keep_vars)


def post(module, state_dict, prefix, local_metadata):
    print("state_dict post", type(module).__name__, repr(prefix), local_metadata, list(state_dict))


net.register_state_dict_pre_hook(pre)
net[0].register_state_dict_pre_hook(pre)
net[0].register_state_dict_post_hook(post)
h = net.register_state_dict_post_hook(post)
sd = net.state_dict()
print(list(sd))
h.remove()


def old_hook(module, state_dict, prefix, local_metadata):
    return {k.upper(): v for k, v in state_dict.items()}


old = net._register_state_dict_hook(old_hook)
print(list(net.state_dict()))
old.remove()
bad = net.register_state_dict_post_hook(lambda *a: {})
try:
    net.state_dict()
except RuntimeError as err:
    print("RuntimeError:", err)
bad.remove()


def load_pre(module, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
    print("load pre", type(module).__name__, repr(prefix), strict, sorted(state_dict))
    if prefix + "weight_old" in state_dict:
        state_dict[prefix + "weight"] = state_dict.pop(prefix + "weight_old")


def load_post(module, incompatible_keys):
    print("load post", type(module).__name__, incompatible_keys)


net[2].register_load_state_dict_pre_hook(load_pre)
net[2].register_load_state_dict_post_hook(load_post)
net.register_load_state_dict_post_hook(load_post)
state = {k: torch.zeros_like(v) for k, v in net.state_dict().items()}
state["2.weight_old"] = state.pop("2.weight")
print(net.load_state_dict(state))
print(net[2].weight, sorted(state))


def clear(module, incompatible_keys):
    incompatible_keys.missing_keys.clear()


net.register_load_state_dict_post_hook(clear)
print(net.load_state_dict({}, strict=True))
try:
    net.load_state_dict([1])
except TypeError as err:
    print("TypeError:", err)
