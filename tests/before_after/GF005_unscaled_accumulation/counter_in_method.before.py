import torch


class Trainer:
    def __init__(self, model, accumulation_steps):
        self.model = model
        self.opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.accumulation_steps = accumulation_steps

    def fit(self, loader):
        step = 0
        for batch in loader:
            out = self.model(batch["x"])
            loss = torch.nn.functional.mse_loss(out, batch["y"])
            # one micro-batch
            loss.backward()
            step += 1
            if step % self.accumulation_steps == 0:
                self.opt.step()
                self.opt.zero_grad(set_to_none=True)
        if step % self.accumulation_steps != 0:
            self.opt.step()
            self.opt.zero_grad(set_to_none=True)
