import torch
# methods called without (all) their required arguments: PyTorch's argument parser's words
x = torch.ones(2, 3)
calls = ["x.unsqueeze()", "x.transpose(0)", "x.transpose(dim1=0)", "x.gather(0)", "x.index_add(0)", "x.softmax()",
         "x.softmax(dtype=torch.float64)", "x.new_full(size=(2,))", "x.mul()", "x.matmul()", "x.chunk()",
         "x.expand_as()", "x.masked_fill()", "x.masked_fill(x > 0)", "x.narrow(0, 1)", "x.narrow('a')", "x.add()",
         "x.div()", "x.eq()", "x.copy_()", "x.scatter()", "x.movedim()", "x.split()", "x.unflatten()", "x.unflatten(0)",
         "x.index_put_()", "x.where()", "x.repeat_interleave()", "x.tensor_split()", "x.topk()", "x.type_as()"]
for src in calls:
    try:
        eval(src)
    except TypeError as e:
        print(src, "->", e)
print(x.transpose(dim0=1, dim1=0).shape, x.softmax(dim=1).sum(), x.gather(1, index=torch.zeros(2, 1, dtype=torch.long)))
print(x.narrow(1, 1, 2).shape, x.masked_fill(x > 0, 2.0).sum(), x.split(2, 1)[1].shape, x.mul(other=3).sum())
