import torch
import torch.nn as nn
import torch.nn.functional as F


def train(model, loader, optimizer, binary=False):
    for inputs, labels in loader:
        optimizer.zero_grad(set_to_none=True)
        logits = model(inputs)
        if binary:
            out = torch.sigmoid(logits.squeeze(1))
            loss = F.binary_cross_entropy(out, labels.float())
        else:
            out = logits
            loss = F.cross_entropy(out, labels)
        if binary:
            probs = torch.sigmoid(logits)
        else:
            probs = F.log_softmax(logits, dim=1)
        aux = F.nll_loss(probs, labels) if not binary else loss
        (loss + 0.0 * aux).backward()
        optimizer.step()


def distill(student, teacher, loader, optimizer, hard=False):
    kl = nn.KLDivLoss(reduction="batchmean")
    for inputs, _ in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.no_grad():
            target = teacher(inputs).softmax(dim=-1)
        if hard:
            student_out = F.log_softmax(student(inputs), dim=-1)
        else:
            student_out = F.log_softmax(student(inputs) / 2.0, dim=-1)
        loss = kl(student_out, target)
        loss.backward()
        optimizer.step()
