# an embedding takes indices in [0, num_embeddings): a negative one is out of range too
import torch
import torch.nn.functional as F

weight = torch.arange(6.).reshape(3, 2).requires_grad_()
for indices in ([-1], [3], [0, 2]):
    try:
        out = F.embedding(torch.tensor(indices), weight)
        out.sum().backward()
        print(out, weight.grad)
    except IndexError as e:
        print("IndexError", e)
print(F.embedding(torch.tensor([0, 1, 1]), weight, padding_idx=-2))
