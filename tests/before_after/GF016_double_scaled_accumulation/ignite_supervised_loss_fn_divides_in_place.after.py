import torch
from ignite.engine import create_supervised_trainer

GRAD_ACCUM = 8
criterion = torch.nn.CrossEntropyLoss()


def scaled_loss(logits, labels):
    loss = criterion(logits, labels)
    return loss


def build(model, lr):
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    return create_supervised_trainer(model, optimizer, loss_fn=scaled_loss, gradient_accumulation_steps=GRAD_ACCUM)
