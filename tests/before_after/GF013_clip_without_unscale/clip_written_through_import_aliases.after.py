# The clips are written through import aliases (`clip_grad_norm_ as clip_norm`, the `utils`
# module under another name): still torch's clips of scaled gradients.
import torch
import torch.nn.functional as F
from torch.nn import utils as nn_utils
from torch.nn.utils import clip_grad_norm_ as clip_norm


def train(model, optimizer, loader, accumulate_encoder=False):
    scaler = torch.cuda.amp.GradScaler()
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        clip_norm(model.parameters(), max_norm=0.25)
        scaler.step(optimizer)
        scaler.update()


def train_decoder(decoder, optimizer, loader):
    scaler = torch.cuda.amp.GradScaler()
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.mse_loss(decoder(x), y)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        nn_utils.clip_grad_value_(decoder.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()
