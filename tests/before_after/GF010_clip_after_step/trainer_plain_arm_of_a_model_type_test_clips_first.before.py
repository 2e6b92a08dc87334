import torch
import torch.nn.functional as F

PRETRAINED = ("bert", "roberta", "xlnet")


class Finetuner:
    def __init__(self, model, optimizer, loader, settings):
        self.model = model
        self.optimizer = optimizer
        self.loader = loader
        self.settings = settings

    def run_epoch(self):
        for step, batch in enumerate(self.loader):
            self.model.train()
            if self.settings["arch"] in PRETRAINED:
                tokens, labels = batch
                loss = F.cross_entropy(self.model(tokens), labels)
                loss.backward()
                self.optimizer.step()
                self.optimizer.zero_grad()
            else:
                # recurrent models explode: keep the gradient norm small
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), 25.0)

                words, labels = batch
                loss = F.binary_cross_entropy_with_logits(self.model(words), labels)
                loss.backward()
                self.optimizer.step()
                self.optimizer.zero_grad()
