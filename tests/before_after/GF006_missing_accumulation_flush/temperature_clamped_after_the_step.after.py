import torch
import torch.nn.functional as F


def train(model, loader, optimizer, accum_steps, epochs):
    for epoch in range(epochs):
        step = -1  # the flush after the loop reads it, also when the loop runs no batch
        for step, (images, texts) in enumerate(loader):
            image_features, text_features = model(images, texts)
            logits = model.logit_scale.exp() * image_features @ text_features.t()
            labels = torch.arange(len(logits))
            loss = (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2
            (loss / accum_steps).backward()
            if (step + 1) % accum_steps == 0:
                optimizer.step()
                # the temperature stays below 100, as in CLIP
                model.logit_scale.data = torch.clamp(model.logit_scale.data, 0, 4.6052)
                optimizer.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if (step + 1) % accum_steps != 0:
            optimizer.step()
            # the temperature stays below 100, as in CLIP
            model.logit_scale.data = torch.clamp(model.logit_scale.data, 0, 4.6052)
            optimizer.zero_grad()
