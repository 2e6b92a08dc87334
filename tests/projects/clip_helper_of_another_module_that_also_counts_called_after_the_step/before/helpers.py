from torch.nn.utils import clip_grad_norm_

CLIPPED = []


def clip(model, max_norm=1.0):
    norm = clip_grad_norm_(model.parameters(), max_norm)
    CLIPPED.append(float(norm))
