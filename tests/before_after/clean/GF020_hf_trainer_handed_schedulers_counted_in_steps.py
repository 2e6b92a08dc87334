import math

import torch
from torch.optim.lr_scheduler import LambdaLR, StepLR
from transformers import Trainer, TrainingArguments

EPOCHS = 3


def main(model, train_set, batch_size):
    steps = EPOCHS * math.ceil(len(train_set) / batch_size)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    decay = StepLR(opt, step_size=steps // 2, gamma=0.5)
    args = TrainingArguments(output_dir="out", num_train_epochs=EPOCHS, per_device_train_batch_size=batch_size)
    Trainer(model=model, args=args, train_dataset=train_set, optimizers=(opt, decay)).train()


def warm(model, train_set, args):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    warmup = LambdaLR(opt, lambda step: min(1.0, (step + 1) / EPOCHS))
    Trainer(model=model, args=args, train_dataset=train_set, optimizers=(opt, warmup)).train()
