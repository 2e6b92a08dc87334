import torch
import torch.nn.functional as F

PRETRAINED = ("bert", "roberta")


class Finetuner:
    def __init__(self, model, optimizer, loader, settings):
        self.model = model
        self.optimizer = optimizer
        self.loader = loader
        self.settings = settings

    def run_epoch(self):
        for step, batch in enumerate(self.loader):
            if self.settings["arch"] in PRETRAINED:
                tokens, labels = batch
                loss = F.cross_entropy(self.model(tokens), labels) / self.settings["accumulate"]
                loss.backward()
                if (step + 1) % self.settings["accumulate"] == 0 or step + 1 == len(self.loader):
                    self.optimizer.step()
                    self.optimizer.zero_grad()
            else:
                words, labels = batch
                loss = F.binary_cross_entropy_with_logits(self.model(words), labels)
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), 25.0)
                self.optimizer.step()
                self.optimizer.zero_grad()


def train_whole_windows_then_the_rest_one_by_one(net, opt, batches, accum):
    """The arm is picked by the batch's index: whole windows accumulate, the batches after
    the last whole window are stepped one by one. Nothing is left over."""
    whole = len(batches) - len(batches) % accum
    for i, (x, y) in enumerate(batches):
        if i < whole:
            (F.mse_loss(net(x), y) / accum).backward()
            if (i + 1) % accum == 0:
                opt.step()
                opt.zero_grad()
        else:
            opt.zero_grad()
            F.mse_loss(net(x), y).backward()
            opt.step()
