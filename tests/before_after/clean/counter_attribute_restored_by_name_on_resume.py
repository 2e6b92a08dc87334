import torch


class Workspace:
    # saved with the checkpoint and restored on resume: where the counter starts is not known,
    # so the window test below is not judged
    include_keys = ["global_step", "epoch"]

    def __init__(self, model, accumulate_every=4):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.accumulate_every = accumulate_every
        self.global_step = 0
        self.epoch = 0

    def load_checkpoint(self, payload):
        for key in self.include_keys:
            setattr(self, key, payload[key])

    def run(self, loader):
        for batch in loader:
            loss = self.model(batch).mean() / self.accumulate_every
            loss.backward()
            if self.global_step % self.accumulate_every == 0:
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)
            self.global_step += 1
