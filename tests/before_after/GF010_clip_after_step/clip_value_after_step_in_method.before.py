import torch


class Trainer:
    def __init__(self, model, clip):
        self.model = model
        self.clip = clip
        self.opt = torch.optim.Adam(model.parameters())

    def run(self, loader):
        for batch in loader:
            self.opt.zero_grad()
            loss = self.model(**batch).loss
            loss.backward()
            self.opt.step()
            torch.nn.utils.clip_grad_value_(self.model.parameters(), self.clip)
