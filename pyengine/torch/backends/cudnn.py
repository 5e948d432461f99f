"""torch.backends.cudnn: settable flags (without effect: there is no GPU), as in a CPU build."""
enabled = True
benchmark = False
deterministic = False
allow_tf32 = True


def is_available():
    return False


def version():
    return None
