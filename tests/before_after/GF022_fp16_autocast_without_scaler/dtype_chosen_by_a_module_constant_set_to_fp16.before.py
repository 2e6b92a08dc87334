# `MIXED = "fp16"` at the top of the script decides `dtype`: the comparison is True, so autocast
# runs in float16, and no scaler scales the loss.
import torch
import torch.nn.functional as F

MIXED = "fp16"
dtype = torch.bfloat16 if MIXED != "fp16" else torch.float16

net = torch.nn.Linear(32, 4).cuda()
opt = torch.optim.SGD(net.parameters(), lr=0.01)
for x, y in batches:
    opt.zero_grad()
    with torch.autocast("cuda", dtype=dtype):
        loss = F.cross_entropy(net(x), y)
    loss.backward()
    opt.step()
