# Fabric with a hand GradScaler, written correctly: the scaled loss goes through `fabric.backward`,
# the scaler unscales before the clip and steps the Fabric optimizer itself; a second loop lets
# Fabric's own precision plugin scale (no hand scaler: a plain `opt.step()` is right there); a
# third backpropagates through `torch.autograd.backward` and clips a scaled threshold.
import torch
from lightning_fabric import Fabric

fabric = Fabric(accelerator="cpu", devices=1)
net = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.05)
net, opt = fabric.setup(net, opt)
scaler = torch.amp.GradScaler("cpu")
for epoch in range(2):
    for xb, yb in loader:
        opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(net(xb), yb)
        fabric.backward(scaler.scale(loss))
        scaler.unscale_(opt)
        fabric.clip_gradients(net, opt, max_norm=1.0)
        scaler.step(opt)
        scaler.update()

mixed = Fabric(accelerator="cpu", precision="bf16-mixed")
model = torch.nn.Linear(4, 1)
optim = torch.optim.AdamW(model.parameters())
model, optim = mixed.setup(model, optim)
for xb, yb in loader:
    optim.zero_grad(set_to_none=True)
    mixed.backward(torch.nn.functional.mse_loss(model(xb), yb))
    mixed.clip_gradients(model, optim, max_norm=1.0)
    optim.step()

head = torch.nn.Linear(4, 1)
head_opt = torch.optim.SGD(head.parameters(), lr=0.05)
head, head_opt = fabric.setup(head, head_opt)
for xb, yb in loader:
    head_opt.zero_grad(set_to_none=True)
    torch.autograd.backward(scaler.scale(torch.nn.functional.mse_loss(head(xb), yb)))
    torch.nn.utils.clip_grad_norm_(head.parameters(), max_norm=1.0 * scaler.get_scale())
    scaler.step(head_opt)
    scaler.update()
