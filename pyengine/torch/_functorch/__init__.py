"""torch.func's machinery (PyTorch's torch/_functorch): function transforms over our autograd.

- pyfunctorch: the stack of active transform levels, numbered as PyTorch numbers them.
- vmap: in_dims/out_dims over pytrees, chunk_size, randomness.
- batched_tensor: BatchedTensor, a tensor of per-sample shape whose values are one physical
  tensor with the batch dims first (every active vmap level's, in level order).
- batch_rules: while a vmap runs, every declared op asks its dispatcher first (the transform hook
  in autograd.derivatives); ops with a batching rule run once on the physical tensors, every other
  op falls back to one call per sample and a stack (see that module for which ops have rules).
- eager_transforms: grad, grad_and_value, vjp, jacrev, jvp, jacfwd, linearize, hessian, on
  reverse-mode autograd over the physical tensors.
- functional_call, batch_norm_replacement: modules as functions of their state.
"""
