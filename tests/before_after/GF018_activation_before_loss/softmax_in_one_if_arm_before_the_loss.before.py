# The logits are turned into probabilities in one arm of an `if` (a flag, and the `else` arm of
# another `if`) before a cross-entropy and a BCE-with-logits: wrong whenever that arm runs.
# Reported without a fix: the arm may be wanted for another loss the flag selects.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Trainer:
    def __init__(self, net, use_probs, raw_scores):
        self.net = net
        self.use_probs = use_probs
        self.raw_scores = raw_scores
        self.opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
        self.bce = nn.BCEWithLogitsLoss()

    def fit(self, batches, steps):
        step = 0
        while step < steps:
            for feats, labels, flags in batches:
                self.opt.zero_grad()
                scores = self.net(feats)
                if self.use_probs:
                    scores = scores.softmax(dim=-1)
                loss = F.cross_entropy(scores, labels)
                gates = self.net(feats)[:, 0]
                if self.raw_scores:
                    print("raw gates")
                else:
                    gates = torch.sigmoid(gates)
                loss = loss + self.bce(gates, flags)
                loss.backward()
                self.opt.step()
                step += 1
