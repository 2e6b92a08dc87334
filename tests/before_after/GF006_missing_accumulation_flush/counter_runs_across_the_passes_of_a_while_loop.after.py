import torch


class Trainer:
    def __init__(self, model, accum):
        self.model = model
        self.accum = accum
        self.opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def train(self, loader, max_epochs):
        micro = 0
        epoch = 0
        while epoch < max_epochs:
            for batch in loader:
                loss = self.model(batch).mean()
                loss.div(self.accum).backward()
                micro += 1
                if micro % self.accum == 0:
                    self.opt.step()
                    self.opt.zero_grad(set_to_none=True)
            epoch += 1

        # the last micro-batches did not fill a whole window: step on them too
        if micro % self.accum != 0:
            self.opt.step()
            self.opt.zero_grad(set_to_none=True)
