import torch
from torch import nn

net = nn.Linear(4, 2)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")
REPORT = 5
step = 0
while step < 20:
    x, y = torch.randn(8, 4), torch.randint(0, 2, (8,))
    opt.zero_grad(set_to_none=True)
    scaler.scale(nn.functional.cross_entropy(net(x), y)).backward()
    if step % REPORT == 0:
        scaler.unscale_(opt)
        print(step, torch.cat([p.grad.flatten() for p in net.parameters()]).norm().item())
    nn.utils.clip_grad_norm_(net.parameters(), 0.5)  # scaled on the other iterations
    scaler.step(opt)
    scaler.update()
    step += 1
