"""replace_all_batch_norm_modules_: batch norms that keep no running statistics, so a module
can run under vmap (their running buffers would be written by every sample)."""


def batch_norm_without_running_stats(module):
    from ..nn.modules.batchnorm import _BatchNorm
    if isinstance(module, _BatchNorm) and module.track_running_stats:
        module.running_mean = None
        module.running_var = None
        module.num_batches_tracked = None
        module.track_running_stats = False


def replace_all_batch_norm_modules_(root):
    for module in root.modules():
        batch_norm_without_running_stats(module)
    return root
