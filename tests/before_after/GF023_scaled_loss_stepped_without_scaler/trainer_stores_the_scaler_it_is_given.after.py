# A trainer class is handed the GradScaler and stores it; its step method scales the loss
# but steps the optimizer directly.
import torch
import torch.nn.functional as F


class AmpTrainer:
    def __init__(self, net, optim, grad_scaler):
        self.net = net
        self.optim = optim
        self.grad_scaler = grad_scaler

    def step(self, x, y):
        self.optim.zero_grad(set_to_none=True)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            out = self.net(x)
        loss = F.mse_loss(out.float(), y)
        self.grad_scaler.scale(loss).backward()
        self.grad_scaler.step(self.optim)
        self.grad_scaler.update()
        return loss.item()


net = torch.nn.Linear(3, 1)
trainer = AmpTrainer(net, torch.optim.SGD(net.parameters(), lr=0.1), torch.amp.GradScaler("cpu"))
for x, y in [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(6)]:
    trainer.step(x, y)
