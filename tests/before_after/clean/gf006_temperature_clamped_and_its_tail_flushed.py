import torch
import torch.nn.functional as F


def train(model, loader, optimizer, accum_steps):
    step = -1
    for step, (images, texts) in enumerate(loader):
        image_features, text_features = model(images, texts)
        logits = model.logit_scale.exp() * image_features @ text_features.t()
        labels = torch.arange(len(logits))
        loss = F.cross_entropy(logits, labels) / accum_steps
        loss.backward()
        if (step + 1) % accum_steps == 0:
            optimizer.step()
            model.logit_scale.data.clamp_(0, 4.6052)
            optimizer.zero_grad()
    if (step + 1) % accum_steps != 0:
        optimizer.step()
        model.logit_scale.data.clamp_(0, 4.6052)
        optimizer.zero_grad()
