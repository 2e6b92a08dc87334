import torch
import torch.nn.functional as F


class AmpTrainer:
    def __init__(self, net, lr):
        self.net = net
        self.lr = lr
        self.grad_scaler = torch.amp.GradScaler("cpu")

    def fit_batch(self, x, y):
        self.optim = torch.optim.RMSprop(self.net.parameters(), lr=self.lr)
        self.optim.zero_grad()
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = F.cross_entropy(self.net(x), y)
        self.grad_scaler.scale(loss).backward()
        self.grad_scaler.step(self.optim)
        self.grad_scaler.update()
        return loss.item()


trainer = AmpTrainer(torch.nn.Linear(8, 3), 1e-2)
history = []
for epoch in range(3):
    for x, y in batches:
        history.append(trainer.fit_batch(x, y))
