import torch
import torch.nn.functional as F

PRETRAINED = ("bert", "roberta", "xlnet")


class Finetuner:
    def __init__(self, model, optimizer, scheduler, loader, settings):
        self.model = model
        self.optimizer = optimizer
        self.scheduler = scheduler
        self.loader = loader
        self.settings = settings
        self.updates = 0

    def run_epoch(self):
        step = -1  # the flush after the loop reads it, also when the loop runs no batch
        for step, batch in enumerate(self.loader):
            self.model.train()
            if self.settings["arch"] in PRETRAINED:
                tokens, labels = batch
                loss = F.cross_entropy(self.model(tokens), labels)
                if self.settings["accumulate"] > 1:
                    loss = loss / self.settings["accumulate"]
                loss.backward()
                if (step + 1) % self.settings["accumulate"] == 0:
                    self.optimizer.step()
                    self.scheduler.step()
                    self.optimizer.zero_grad()
                    self.updates += 1
            else:
                words, labels = batch
                loss = F.binary_cross_entropy_with_logits(self.model(words), labels)
                loss.backward()
                self.optimizer.step()
                self.optimizer.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if self.settings["arch"] in PRETRAINED and (step + 1) % self.settings["accumulate"] != 0:
            self.optimizer.step()
            self.scheduler.step()
            self.optimizer.zero_grad()
            self.updates += 1
