import torch


class Trainer:
    def __init__(self, model, loader, grad_accum, max_grad_norm):
        self.model = model
        self.loader = loader
        self.grad_accum = grad_accum
        self.max_grad_norm = max_grad_norm
        self.optimizer = torch.optim.Adam(model.parameters(), lr=2e-4)

    def train_epoch(self):
        self.model.train()
        for step, batch in enumerate(self.loader):
            out = self.model(**batch)
            loss = out.loss / self.grad_accum
            loss.backward()
            if (step + 1) % self.grad_accum == 0 or step + 1 == len(self.loader):
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_grad_norm)
                self.optimizer.step()
                self.optimizer.zero_grad()
