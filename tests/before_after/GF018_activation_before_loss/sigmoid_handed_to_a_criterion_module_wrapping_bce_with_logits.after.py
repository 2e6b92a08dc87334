"""Sigmoid outputs handed to a criterion `nn.Module` of the file whose `forward` gives its input,
unchanged, to an `nn.BCEWithLogitsLoss` (that applies the sigmoid itself), and a combined loss
module whose `forward` hands its input to a cross-entropy. Both calls get their activation
removed."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class WeightedBCE(nn.Module):
    def __init__(self, pos_weight):
        super().__init__()
        self.bce = nn.BCEWithLogitsLoss(pos_weight=pos_weight)

    def forward(self, pred, target):
        return self.bce(pred, target)


class CEWithAux(nn.Module):
    def __init__(self, aux_weight=0.4):
        super().__init__()
        self.ce = nn.CrossEntropyLoss()
        self.aux_weight = aux_weight

    def forward(self, probs, aux, y):
        return self.ce(probs, y) + self.aux_weight * aux.pow(2).mean()


tagger = nn.Linear(16, 4)
classifier = nn.Linear(16, 3)
crit = WeightedBCE(torch.ones(4))
combined = CEWithAux()
opt = torch.optim.Adam([*tagger.parameters(), *classifier.parameters()], lr=1e-3)
for feats, tags, cls in loader:
    opt.zero_grad()
    tag_loss = crit(tagger(feats), tags)
    out = classifier(feats)
    cls_loss = combined(out, out.mean(1), cls)
    (tag_loss + cls_loss).backward()
    opt.step()
