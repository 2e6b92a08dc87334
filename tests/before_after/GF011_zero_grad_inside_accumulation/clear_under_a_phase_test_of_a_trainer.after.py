import torch


class Runner:
    def __init__(self, net, lr=1e-3, accumulate=2):
        self.net = net
        self.optimizer = torch.optim.AdamW(net.parameters(), lr=lr)
        self.accumulate = accumulate

    def run(self, batches, phase="train"):
        n = 0
        for n, batch in enumerate(batches, start=1):
            if phase == "train":
                out = self.net(batch["x"])
                (torch.nn.functional.mse_loss(out, batch["y"]) / self.accumulate).backward()
                if n % self.accumulate == 0:
                    self.optimizer.step()
                    self.optimizer.zero_grad()
        if phase == "train" and n % self.accumulate != 0:
            self.optimizer.step()
            self.optimizer.zero_grad()
