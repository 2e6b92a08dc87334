import torch
import torch.nn.functional as F


class Learner:
    def __init__(self, net, lr):
        self.net = net
        self.optimizer = torch.optim.AdamW(net.parameters(), lr=lr)

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            self.amp_scaler = torch.amp.GradScaler("cuda")
            for batch in loader:
                self.update(batch)

    def update(self, batch):
        x, y = batch
        self.optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.cross_entropy(self.net(x), y)
        self.amp_scaler.scale(loss).backward()
        self.amp_scaler.step(self.optimizer)
        self.amp_scaler.update()
